//! Daily caps hold for their whole day (issue 39). The limiter used to forget every key idle for
//! an hour once a flood had filled it: a member past the 20-bookings-a-day cap booked again,
//! and a tutor past the 20-SMS-a-day cap was texted again. Here the server's clock is the
//! test's: an idle hour passes in an instant. `make soak` runs this module (`cargo test -p
//! tutorhub-http --test api daily_caps::`) and prints its figure.

use std::sync::Arc;

use chrono::{Duration, TimeZone, Utc};
use poem::http::StatusCode;
use serde_json::{Value, json};
use tutorhub_domain::shared::clock::ManualClock;

use crate::support::{TestApp, make_active_tutor, member};

async fn book(app: &TestApp, token: &str, tutor: uuid::Uuid) -> (StatusCode, Value) {
    let response = app
        .client
        .post("/bookings")
        .header("Authorization", format!("Bearer {token}"))
        .body_json(&json!({"tutorId": tutor, "bookingTime": "星期六 10:00"}))
        .send()
        .await;
    let status = response.0.status();
    let text = response.0.into_body().into_string().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn tutor(app: &TestApp, n: usize) -> uuid::Uuid {
    let (id, _) = member(app, "黃老師", &format!("6{n:07}")).await;
    make_active_tutor(app, id).await;
    id
}

fn texts_to(app: &TestApp, phone: &str) -> usize {
    crate::support::sms_outbox(app).iter().filter(|(to, _)| to == phone).count()
}

#[tokio::test]
async fn a_daily_cap_still_refuses_after_an_idle_hour_and_opens_after_the_day() {
    let clock = Arc::new(ManualClock::at(Utc.with_ymd_and_hms(2026, 11, 27, 20, 0, 0).unwrap()));
    let app = crate::support::spawn_with_clock(clock.clone()).await;

    // One member books 20 tutors, the day's cap, and is refused the 21st.
    let (_, booker) = member(&app, "陳大文", "91234567").await;
    let mut tutors = Vec::new();
    for n in 0..22 {
        tutors.push(tutor(&app, n).await);
    }
    for tutor in &tutors[..20] {
        assert_eq!(book(&app, &booker, *tutor).await.0, StatusCode::OK);
    }
    assert_eq!(book(&app, &booker, tutors[20]).await.0, StatusCode::TOO_MANY_REQUESTS);

    // 20 members book one tutor: 20 SMS, the tutor's daily cap.
    let busy = tutors[21];
    let busy_phone = "+85260000021";
    for n in 0..24 {
        let (_, other) = member(&app, "家長", &format!("92{n:06}")).await;
        assert_eq!(book(&app, &other, busy).await.0, StatusCode::OK);
    }
    assert_eq!(texts_to(&app, busy_phone), 20, "the 20-SMS-a-day cap");

    // An idle hour, then a flood of requests (resets for 2,000 phones; the limiter's own tests
    // flood it with 20,000 distinct keys).
    clock.advance(Duration::minutes(61));
    for n in 0..2_000 {
        app.client.post("/users/request-password-reset").body_json(&json!({"phone": format!("5{n:07}")})).send().await;
    }
    let (status, body) = book(&app, &booker, tutors[20]).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "still refused after an idle hour: {body}");
    for n in 24..28 {
        let (_, other) = member(&app, "家長", &format!("92{n:06}")).await;
        assert_eq!(book(&app, &other, busy).await.0, StatusCode::OK);
    }
    assert_eq!(texts_to(&app, busy_phone), 20, "no SMS past the cap after an idle hour");

    // The day is over: the member books again and the tutor hears of new bookings.
    clock.advance(Duration::hours(23));
    assert_eq!(book(&app, &booker, tutors[20]).await.0, StatusCode::OK, "a new day");
    let (_, other) = member(&app, "家長", "93000000").await;
    assert_eq!(book(&app, &other, busy).await.0, StatusCode::OK);
    assert_eq!(texts_to(&app, busy_phone), 21, "texted again on a new day");
    println!("daily caps: 20 bookings and 20 SMS a day held across an idle hour and 2,000 reset requests, and opened after 24 hours");
}
