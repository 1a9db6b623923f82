//! The rules of billing that need more than the common problems of [`super::super::validation::Problem`].

/// A rule of billing a field broke, with the figures its message needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BillingProblem {
    /// A reason or a reference longer than `max` characters, or holding a control character.
    NotPlainText { max: usize },
    /// A payment of zero or less.
    PaymentNotPositive,
    /// A refund of zero or less.
    RefundNotPositive,
    /// An adjustment of nothing.
    AdjustmentZero,
    /// Money said to have arrived after today.
    PaidInFuture,
}
