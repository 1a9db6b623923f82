//! The search index on SQLite and on PostgreSQL: built from the database, and following every
//! write, whichever process made it. Two indexes over one database stand for two servers.

use std::sync::Arc;

use chrono::Utc;
use tutorhub_adapters::sql::search_changes::CHANGES_KEPT;
use tutorhub_adapters::{
    Database, SqlCaseRepository, SqlChangeFeed, SqlSearchSource, SqlTutorRepository, SqlUserRepository, TantivySearch,
};
use tutorhub_domain::cases::model::CaseStatus;
use tutorhub_domain::cases::ports::{CaseIndex, CaseRepository};
use tutorhub_domain::cases::search::{CaseFilter, CaseQuery};
use tutorhub_domain::shared::paging::PageRequest;
use tutorhub_domain::tutors::ports::{TutorIndex, TutorProfileRepository};
use tutorhub_domain::tutors::search::{TutorFilter, TutorQuery};

use crate::support::tutors::{approved, form, user};

async fn index(db: &Database) -> TantivySearch {
    // Each index makes a folder of its own under this one, and removes it when dropped.
    let folder = std::env::temp_dir().join("tutorhub-search-index-tests");
    let pool = db.pool().clone();
    TantivySearch::build(&folder, Arc::new(SqlChangeFeed::new(pool.clone())), Arc::new(SqlSearchSource::new(pool))).await.unwrap().0
}

fn board(typed: &str) -> CaseFilter {
    CaseFilter::board_search(&CaseQuery::default(), Some(typed), None).unwrap()
}

async fn found(index: &TantivySearch, filter: &CaseFilter) -> Vec<i64> {
    CaseIndex::find(index, filter, PageRequest::default()).await.unwrap().items.iter().map(|case| case.number).collect()
}

async fn is_built_from_the_database_and_follows_every_write_on_every_server(db: Database) {
    let cases = SqlCaseRepository::new(db.pool().clone());
    let approved_before = crate::support::stored_case(&db, CaseStatus::Approved).await;
    let pending = crate::support::stored_case(&db, CaseStatus::Pending).await;
    let (a, b) = (index(&db).await, index(&db).await);
    assert_eq!(found(&a, &board("數學")).await, [approved_before], "built from what is public");

    // A write by anyone (here: neither server) is in both servers' next answer.
    cases.transition(pending, CaseStatus::Pending, CaseStatus::Approved, Utc::now()).await.unwrap();
    assert_eq!(found(&a, &board("數學")).await, [pending, approved_before], "newest first");
    assert_eq!(found(&b, &CaseFilter::public()).await, [pending, approved_before]);
    cases.transition(approved_before, CaseStatus::Approved, CaseStatus::Closed, Utc::now()).await.unwrap();
    assert_eq!(found(&b, &board("數學")).await, [pending], "a closed case leaves the board");
    let total = CaseIndex::find(&a, &CaseFilter::public(), PageRequest::default()).await.unwrap().total;
    assert_eq!(total, 1);

    // Tutors: found by words in their profile, gone once hidden.
    let (users, tutors) = (SqlUserRepository::new(db.pool().clone()), SqlTutorRepository::new(db.pool().clone()));
    let tutor = user(&users, 1).await;
    approved(&tutors, &tutor, &form("中學 化學", "沙田", 350.0), 3).await;
    let chemistry = TutorFilter::parse(&TutorQuery { q: Some("化學".into()), ..TutorQuery::default() }).unwrap();
    let listed = TutorIndex::find(&b, &chemistry, PageRequest::default()).await.unwrap().items;
    assert_eq!(listed.iter().map(|profile| profile.user_id).collect::<Vec<_>>(), [tutor.id]);
    tutors.set_profile_active(tutor.id, false, Utc::now()).await.unwrap();
    assert!(TutorIndex::find(&a, &chemistry, PageRequest::default()).await.unwrap().items.is_empty());
}

/// A page's rows are kept under the index documents that found them (`search::kept_rows`): a
/// write that changes only what a page shows (an applicant counted, a title, a tutor's name)
/// is in the next answer on every server all the same.
async fn a_row_shown_again_shows_every_write_to_it(db: Database) {
    let case = crate::support::stored_case(&db, CaseStatus::Approved).await;
    let (users, tutors) = (SqlUserRepository::new(db.pool().clone()), SqlTutorRepository::new(db.pool().clone()));
    let tutor = user(&users, 1).await;
    approved(&tutors, &tutor, &form("中學 化學", "沙田", 350.0), 3).await;
    let (a, b) = (index(&db).await, index(&db).await);
    let shown = async |index: &TantivySearch| {
        let case = CaseIndex::find(index, &CaseFilter::public(), PageRequest::default()).await.unwrap().items.remove(0);
        let tutor = TutorIndex::find(index, &TutorFilter::parse(&TutorQuery::default()).unwrap(), PageRequest::default()).await;
        (case.applicant_count, case.details.title, tutor.unwrap().items.remove(0).name)
    };
    let before = shown(&a).await;
    assert_eq!(before, shown(&b).await);
    assert_eq!(shown(&a).await, before, "shown again from the kept rows");

    // As an application counts itself, and as the back office renames: straight to the tables.
    sqlx::query("UPDATE cases SET applicant_count = applicant_count + 1 WHERE number = $1").bind(case).execute(db.pool()).await.unwrap();
    assert_eq!(shown(&b).await, (1, before.1.clone(), before.2.clone()));
    sqlx::query("UPDATE cases SET title = '中三數學（已更新）' WHERE number = $1").bind(case).execute(db.pool()).await.unwrap();
    sqlx::query("UPDATE tutor_profiles SET name = '陳大文' WHERE user_id = $1")
        .bind(tutor.id.to_string())
        .execute(db.pool())
        .await
        .unwrap();
    for server in [&a, &b] {
        assert_eq!(shown(server).await, (1, "中三數學（已更新）".to_string(), "陳大文".to_string()));
    }
}

/// The kept rows' memory is bounded by what each row is counted as: its text must count, or
/// rows with long descriptions and biographies would go past the budget unseen.
async fn a_kept_row_counts_its_text(db: Database) {
    use tutorhub_adapters::cache::weight::Weight;

    let case =
        crate::support::insert_case(&db, crate::support::case_form("中三數學", "每週一堂"), CaseStatus::Approved, uuid::Uuid::new_v4())
            .await;
    let mut longer = case.clone();
    longer.details.description.push_str(&"耐心".repeat(500));
    assert_eq!(longer.weight() - case.weight(), 3_000);

    let (users, tutors) = (SqlUserRepository::new(db.pool().clone()), SqlTutorRepository::new(db.pool().clone()));
    let profile = approved(&tutors, &user(&users, 1).await, &form("中學 化學", "沙田", 350.0), 3).await;
    let mut longer = profile.clone();
    longer.bio.push_str(&"鼓勵".repeat(500));
    longer.teaching_districts.push("沙田區".into());
    assert!(longer.weight() - profile.weight() >= 3_009);
}

/// The next page after a write is searched afresh: a case approved meanwhile pushes page 1's
/// last case onto page 2, on every server.
async fn the_next_page_after_a_write_shows_it(db: Database) {
    let mut board = Vec::new();
    for _ in 0..4 {
        board.push(crate::support::stored_case(&db, CaseStatus::Approved).await);
    }
    let pending = crate::support::stored_case(&db, CaseStatus::Pending).await;
    let (a, b) = (index(&db).await, index(&db).await);
    let page = async |index: &TantivySearch, page: i64| {
        let found = CaseIndex::find(index, &CaseFilter::public(), PageRequest::new(Some(page), Some(2)).unwrap()).await.unwrap();
        (found.total, found.items.iter().map(|case| case.number).collect::<Vec<_>>())
    };
    for server in [&a, &b] {
        assert_eq!(page(server, 1).await, (4, vec![board[3], board[2]]));
        assert_eq!(page(server, 2).await, (4, vec![board[1], board[0]]), "the window found");
        assert_eq!(page(server, 1).await, (4, vec![board[3], board[2]]), "cut from the window");
    }

    SqlCaseRepository::new(db.pool().clone()).transition(pending, CaseStatus::Pending, CaseStatus::Approved, Utc::now()).await.unwrap();
    for server in [&a, &b] {
        assert_eq!(page(server, 2).await, (5, vec![board[2], board[1]]));
        assert_eq!(page(server, 3).await, (5, vec![board[0]]));
    }
}

async fn concurrent_searches_after_a_write_all_see_it(db: Database) {
    let search = Arc::new(index(&db).await);
    let case = crate::support::stored_case(&db, CaseStatus::Approved).await;
    let searches: Vec<_> = (0..16)
        .map(|_| {
            let search = search.clone();
            tokio::spawn(async move { found(&search, &CaseFilter::public()).await })
        })
        .collect();
    for answer in searches {
        assert_eq!(answer.await.unwrap(), [case]);
    }
}

/// The sweep keeps only the feed's newest changes. A server that fell further behind (here: the
/// feed pruned to nothing while it was not looking) notices the missing versions and loads
/// everything again, rather than answer without them.
async fn a_server_behind_a_pruned_feed_loads_everything_again(db: Database) {
    let feed = SqlChangeFeed::new(db.pool().clone());
    let cases = SqlCaseRepository::new(db.pool().clone());
    let kept = crate::support::stored_case(&db, CaseStatus::Approved).await;
    let behind = index(&db).await;
    assert_eq!(found(&behind, &CaseFilter::public()).await, [kept]);

    let missed = crate::support::stored_case(&db, CaseStatus::Approved).await;
    cases.transition(kept, CaseStatus::Approved, CaseStatus::Closed, Utc::now()).await.unwrap();
    let latest = crate::support::stored_case(&db, CaseStatus::Approved).await;
    assert_eq!(feed.prune(1).await.unwrap(), 3, "all but the newest of four changes removed");
    assert_eq!(found(&behind, &CaseFilter::public()).await, [latest, missed], "nothing missed, the closed case gone");

    // From then on it follows the feed as before.
    let next = crate::support::stored_case(&db, CaseStatus::Approved).await;
    assert_eq!(found(&behind, &CaseFilter::public()).await, [next, latest, missed]);
    assert_eq!(feed.prune(CHANGES_KEPT).await.unwrap(), 0, "a short feed keeps everything");
}

/// A database restored from a backup takes the feed back to an older version: the index,
/// ahead of it, loads everything again rather than keep what the database no longer holds.
async fn a_server_ahead_of_a_restored_database_loads_everything_again(db: Database) {
    use sqlx::Executor;
    let kept = crate::support::stored_case(&db, CaseStatus::Approved).await;
    let search = index(&db).await;
    let lost = crate::support::stored_case(&db, CaseStatus::Approved).await;
    assert_eq!(found(&search, &CaseFilter::public()).await, [lost, kept]);

    // The backup was taken after the first case: as if the second had never been written.
    db.pool().execute(format!("DELETE FROM cases WHERE number = {lost}").as_str()).await.unwrap();
    db.pool().execute("DELETE FROM search_changes").await.unwrap();
    db.pool().execute("UPDATE search_feed_version SET version = 1 WHERE id = 1").await.unwrap();
    assert_eq!(found(&search, &CaseFilter::public()).await, [kept]);
}

/// A database restored from a backup and written to since, past the version the index had
/// followed: the feed did not go back, but the changes at the index's versions are others. The
/// index notices that the last change it applied is no longer the feed's and loads everything
/// again, rather than keep a case the database no longer holds and skip one it does.
async fn a_server_behind_a_restored_database_written_past_it_loads_everything_again(db: Database) {
    use sqlx::Executor;
    let kept = crate::support::stored_case(&db, CaseStatus::Approved).await;
    let backup: i64 = sqlx::query_scalar("SELECT version FROM search_feed_version WHERE id = 1").fetch_one(db.pool()).await.unwrap();
    let search = index(&db).await;
    let lost = crate::support::stored_case(&db, CaseStatus::Approved).await;
    assert_eq!(found(&search, &CaseFilter::public()).await, [lost, kept]);

    // The backup was taken after the first case; then new cases took the versions again.
    db.pool().execute(format!("DELETE FROM cases WHERE number = {lost}").as_str()).await.unwrap();
    db.pool().execute(format!("DELETE FROM search_changes WHERE version > {backup}").as_str()).await.unwrap();
    db.pool().execute(format!("UPDATE search_feed_version SET version = {backup} WHERE id = 1").as_str()).await.unwrap();
    let first = crate::support::stored_case(&db, CaseStatus::Approved).await;
    let second = crate::support::stored_case(&db, CaseStatus::Approved).await;
    assert_eq!(found(&search, &CaseFilter::public()).await, [second, first, kept]);
}

/// One rule for typed words: a saved search's keywords find a new case exactly when the
/// board's search with the same words would list it.
async fn a_saved_search_finds_exactly_what_the_board_finds(db: Database) {
    use tutorhub_domain::alerts::model::{CaseText, Criteria};
    let mut cases = Vec::new();
    for (title, description) in [
        ("DSE 數學補習", "想加強代數"),
        ("IB Physics tutor wanted", "Year 12, 每週一堂"),
        ("小六奧數", "準備比賽"),
        ("中三英文", "ＤＳＥ 準備"),
        ("英文會話", "phys？"),
    ] {
        let form = crate::support::case_form(title, description);
        cases.push(crate::support::insert_case(&db, form, CaseStatus::Approved, uuid::Uuid::new_v4()).await);
    }
    let search = index(&db).await;
    let mut hits = 0;
    for typed in [
        "數學",
        "DSE數學",
        "dse",
        "ＤＳＥ",
        "physics",
        "phys",
        "數",
        "英文",
        "藍田 英文",
        "奧數",
        "小6",
        "year 12",
        "代數",
        "學補",
        "會話 準備",
    ] {
        let mut on_board = found(&search, &board(typed)).await;
        on_board.sort_unstable();
        let criteria = Criteria::parse(CaseQuery::default(), typed).unwrap();
        let alerted: Vec<i64> = cases.iter().filter(|case| criteria.matches(&CaseText::new(case))).map(|case| case.number).collect();
        assert_eq!(on_board, alerted, "{typed}");
        hits += alerted.len();
    }
    assert!(hits >= 20, "the words find cases: {hits}");
}

/// Searches answer from sets kept per segment of the index (`search::segment_cache`). A
/// seeded random board, changed in rounds (each a new segment, with cases leaving older ones),
/// is found exactly as the filters read the stored cases after every round: the same cases,
/// newest first without words, the same total, page after page.
async fn kept_sets_follow_every_round_of_changes(db: Database) {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use tutorhub_domain::alerts::model::{CaseText, Criteria};
    use tutorhub_domain::cases::model::Case;

    let mut rng = StdRng::seed_from_u64(13);
    let add = async |rng: &mut StdRng, count: usize, live: &mut Vec<Case>| {
        for _ in 0..count {
            let title = ["DSE 數學補習", "中三英文", "IB Physics", "小六奧數", "英文會話"][rng.random_range(0..5)];
            let mut form = crate::support::case_form(title, "每週一堂");
            form.location = ["藍田", "觀塘", "灣仔", "荃灣", "西貢", "將軍澳"][rng.random_range(0..6)].into();
            form.rate = Some([150.0, 250.0, 300.0, 450.0][rng.random_range(0..4)]);
            live.push(crate::support::insert_case(&db, form, CaseStatus::Approved, uuid::Uuid::new_v4()).await);
        }
    };
    let mut live = Vec::new();
    add(&mut rng, 40, &mut live).await;
    let search = index(&db).await;
    let cases = SqlCaseRepository::new(db.pool().clone());
    let queries: Vec<(CaseQuery, &str)> = vec![
        (CaseQuery::default(), ""),
        (CaseQuery { districts: vec!["觀塘區".into()], ..CaseQuery::default() }, ""),
        (CaseQuery { districts: vec!["觀塘區".into(), "西貢區".into()], min_rate: Some("250".into()), ..CaseQuery::default() }, ""),
        (CaseQuery { region: Some("新界".into()), ..CaseQuery::default() }, ""),
        (CaseQuery { areas: vec!["灣仔".into()], ..CaseQuery::default() }, "英文"),
        (CaseQuery { min_rate: Some("300".into()), ..CaseQuery::default() }, "數學"),
        (CaseQuery::default(), "英文"),
    ];
    for round in 0..3 {
        for (query, typed) in &queries {
            let filter = CaseFilter::board_search(query, Some(typed), None).unwrap();
            // The words as a saved search reads them (the rule the contract test above holds).
            let words = (!typed.is_empty()).then(|| Criteria::parse(CaseQuery::default(), typed).unwrap());
            let mut expected: Vec<&Case> = live
                .iter()
                .filter(|case| filter.matches(case) && words.as_ref().is_none_or(|words| words.matches(&CaseText::new(case))))
                .collect();
            expected.sort_by_key(|case| std::cmp::Reverse((case.created_at.timestamp(), case.number)));
            // Every page, up to and past the last (at most 64 cases are on the board).
            let mut on_board = Vec::new();
            for page in 1..=6 {
                let found = CaseIndex::find(&search, &filter, PageRequest::new(Some(page), Some(13)).unwrap()).await.unwrap();
                assert_eq!(found.total, expected.len() as u64, "round {round}: {query:?} {typed}");
                on_board.extend(found.items.iter().map(|case| case.number));
            }
            let mut expected: Vec<i64> = expected.iter().map(|case| case.number).collect();
            if !typed.is_empty() {
                // By relevance: the same cases, in whatever order their scores give.
                on_board.sort_unstable();
                expected.sort_unstable();
            }
            assert_eq!(on_board, expected, "round {round}: {query:?} {typed}");
        }
        // The next round: new cases, and some of every round's leave the board.
        add(&mut rng, 12, &mut live).await;
        for _ in 0..6 {
            let gone = live.remove(rng.random_range(0..live.len()));
            cases.transition(gone.number, CaseStatus::Approved, CaseStatus::Closed, Utc::now()).await.unwrap();
        }
    }
}

/// The board's orders and fee bounds, and words naming a level or a subject, mean the same to
/// the index as to the stores' SQL: fee low to high and high to low (then newest), a maximum
/// fee, tutors by rating (the unrated last), and "DSE 化學" finding the secondary chemistry
/// tutor but not the kindergarten one whose biography mentions chemistry.
async fn orders_fee_bounds_and_named_subjects_mean_the_same_to_index_and_store(db: Database) {
    let mut numbers = Vec::new();
    for (rate, subjects) in [(350.0, vec!["數學"]), (200.0, vec!["化學"]), (500.0, vec!["數學", "化學"]), (280.0, vec!["英文"])] {
        let mut form = crate::support::case_form("中三補習", "每週一堂");
        form.rate = Some(rate);
        form.subjects = subjects.into_iter().map(String::from).collect();
        numbers.push(crate::support::insert_case(&db, form, CaseStatus::Approved, uuid::Uuid::new_v4()).await.number);
    }
    let (users, tutors) = (SqlUserRepository::new(db.pool().clone()), SqlTutorRepository::new(db.pool().clone()));
    let chemist = approved(&tutors, &user(&users, 1).await, &form("中學 化學", "沙田", 400.0), 30).await;
    let mut painter = form("幼稚園 幼兒數學", "沙田", 150.0);
    painter.bio = "以前讀化學，現教幼兒".into();
    let painter = approved(&tutors, &user(&users, 2).await, &painter, 20).await;
    let rated = approved(&tutors, &user(&users, 3).await, &form("中學 數學", "沙田", 300.0), 10).await;
    for (author, stars) in [(11, 5), (12, 4), (13, 5)] {
        sqlx::query(
            "INSERT INTO reviews (tutor_id, author_id, stars, body, status, created_at) VALUES ($1, $2, $3, '很好的導師', 'visible', 0)",
        )
        .bind(rated.user_id.to_string())
        .bind(format!("author-{author}"))
        .bind(stars)
        .execute(db.pool())
        .await
        .unwrap();
    }
    let index = index(&db).await;
    let cases = SqlCaseRepository::new(db.pool().clone());
    let search = |query: CaseQuery, typed: &str, sort: &str| CaseFilter::board_search(&query, Some(typed), Some(sort)).unwrap();
    let [maths, chemistry, both, english] = numbers[..] else { unreachable!() };
    let on_both = async |filter: &CaseFilter| {
        let stored: Vec<i64> = cases.search(filter, PageRequest::default()).await.unwrap().items.iter().map(|c| c.number).collect();
        assert_eq!(found(&index, filter).await, stored, "{filter:?}");
        stored
    };
    assert_eq!(on_both(&search(CaseQuery::default(), "", "feeLow")).await, [chemistry, english, maths, both]);
    assert_eq!(on_both(&search(CaseQuery::default(), "", "feeHigh")).await, [both, maths, english, chemistry]);
    let at_most_300 = CaseQuery { max_rate: Some("300".into()), ..CaseQuery::default() };
    assert_eq!(on_both(&search(at_most_300, "", "feeHigh")).await, [english, chemistry]);
    assert_eq!(on_both(&search(CaseQuery::default(), "化學", "feeLow")).await, [chemistry, both], "化學 is a subject");
    assert_eq!(on_both(&search(CaseQuery::default(), "數學 化學", "newest")).await, [both], "every subject named");

    let tutors_found = async |query: TutorQuery| {
        let filter = TutorFilter::parse(&query).unwrap();
        let by_index: Vec<_> =
            TutorIndex::find(&index, &filter, PageRequest::default()).await.unwrap().items.iter().map(|t| t.user_id).collect();
        let stored: Vec<_> =
            tutors.search_profiles(&filter, PageRequest::default()).await.unwrap().items.iter().map(|t| t.user_id).collect();
        if filter.words.is_empty() {
            assert_eq!(by_index, stored, "{query:?}");
        }
        by_index
    };
    let dse_chemistry = TutorQuery { q: Some("DSE 化學".into()), ..TutorQuery::default() };
    assert_eq!(tutors_found(dse_chemistry).await, [chemist.user_id], "not the kindergarten tutor who once read chemistry");
    let by_rating = TutorQuery { sort: Some("rating".into()), ..TutorQuery::default() };
    assert_eq!(tutors_found(by_rating).await, [rated.user_id, painter.user_id, chemist.user_id], "rated first, then the newest");
    let cheap = TutorQuery { max_rate: Some("300".into()), sort: Some("feeHigh".into()), ..TutorQuery::default() };
    assert_eq!(tutors_found(cheap).await, [rated.user_id, painter.user_id]);
}

on_both_engines!(
    orders_fee_bounds_and_named_subjects_mean_the_same_to_index_and_store,
    kept_sets_follow_every_round_of_changes,
    a_saved_search_finds_exactly_what_the_board_finds,
    a_server_ahead_of_a_restored_database_loads_everything_again,
    a_server_behind_a_restored_database_written_past_it_loads_everything_again,
    is_built_from_the_database_and_follows_every_write_on_every_server,
    concurrent_searches_after_a_write_all_see_it,
    a_row_shown_again_shows_every_write_to_it,
    a_kept_row_counts_its_text,
    the_next_page_after_a_write_shows_it,
    a_server_behind_a_pruned_feed_loads_everything_again,
);
