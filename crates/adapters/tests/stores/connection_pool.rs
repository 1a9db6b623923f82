//! The PostgreSQL pool does not ping a connection before every query (a round trip each), only
//! one that sat idle (`sql::database::postgres_pool`): a server that dropped the pool's
//! connections meanwhile (a restart, a failover) must still go unseen by the next request.

use std::time::Duration;

use sqlx::Executor;

#[tokio::test]
async fn a_postgres_connection_dropped_while_idle_is_replaced_before_a_query_uses_it() {
    let Some(db) = crate::support::postgres().await else { return };
    let pool = db.database.pool();
    // Two connections at once: one goes back to the pool idle, the other ends it, as a
    // server restarting would.
    let (idle, killer) = (pool.acquire().await.unwrap(), pool.acquire().await.unwrap());
    drop(idle);
    let mut killer = killer.detach();
    let ended: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()) ended",
    )
    .fetch_one(&mut killer)
    .await
    .unwrap();
    assert!(ended >= 1, "the idle connection was ended");
    tokio::time::sleep(Duration::from_millis(1_200)).await;

    let answer: i64 = sqlx::query_scalar("SELECT 7").fetch_one(pool).await.expect("a fresh connection answers");
    assert_eq!(answer, 7);
    killer.execute("SELECT 1").await.unwrap();
}
