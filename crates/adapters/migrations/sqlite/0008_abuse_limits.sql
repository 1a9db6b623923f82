-- Abuse limits (issue 9): a member has at most one pending booking of one tutor.

-- A database from before this rule may hold several pending bookings of one pair (one member
-- once made 60 in a tenth of a second), and the unique index below cannot be built over them.
-- The newest of each pair stays pending and the older ones are cancelled: the newest is what
-- the member asked for last, and cancelling is what the booker could have done themselves.
-- The demo data has no bookings, so a fresh database changes nothing here.
UPDATE bookings
SET status = 'cancelled',
    updated_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
WHERE status = 'pending'
  AND EXISTS (
      SELECT 1 FROM bookings AS newer
      WHERE newer.tutor_id = bookings.tutor_id
        AND newer.user_id = bookings.user_id
        AND newer.status = 'pending'
        AND (newer.created_at > bookings.created_at
             OR (newer.created_at = bookings.created_at AND newer.id > bookings.id))
  );

-- The index decides races: of two bookings of one pair inserted at once, one is refused.
CREATE UNIQUE INDEX bookings_one_pending ON bookings (tutor_id, user_id) WHERE status = 'pending';
