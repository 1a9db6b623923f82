//! `tutorhub invoices …` and `tutorhub payments …` on the real binary over the demo data, whose
//! matches are billed as they happened: the past parents' tutors paid, demo tutor 2's invoice
//! is a day overdue, demo tutor 20's more than 30 days. Every command, its refusals, and the
//! import recording each statement line once however often it runs.

use std::process::Output;

use serde_json::Value;

use crate::support::{ok, tutorhub};

fn json(output: Output) -> Value {
    serde_json::from_str(&ok(output)).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).to_string()
}

/// The demo's invoices: (all, the most overdue one, an open one not yet due).
fn invoices(dir: &std::path::Path) -> (Vec<Value>, Value, Value) {
    let all = json(tutorhub(dir, &["invoices", "list", "--json"], "")).as_array().unwrap().clone();
    let late = all.iter().max_by_key(|i| i["daysOverdue"].as_u64()).unwrap().clone();
    let open = all.iter().find(|i| i["status"] == "open").unwrap().clone();
    (all, late, open)
}

#[test]
fn the_back_office_reads_invoices_on_any_date_and_records_money_once() {
    let dir = tempfile::tempdir().unwrap();
    assert!(tutorhub(dir.path(), &["seed", "--demo"], "").status.success());
    let (all, late, open) = invoices(dir.path());
    assert_eq!(all.iter().filter(|i| i["status"] == "paid").count(), 17, "the past parents' tutors paid");
    assert!(all.iter().all(|i| i["receiptNumber"].is_string() == (i["status"] == "paid")));
    let overdue = json(tutorhub(dir.path(), &["invoices", "list", "--overdue", "--json"], ""));
    assert_eq!(overdue.as_array().unwrap().len(), 2, "demo tutor 2's (a day) and demo tutor 20's (a month): {overdue}");
    assert!(late["daysOverdue"].as_u64().unwrap() > 30);

    // The statement on the due date owes the fee only; today, interest and the penalty too.
    let number = late["number"].as_str().unwrap();
    let due = late["dueOn"].as_str().unwrap();
    let then = json(tutorhub(dir.path(), &["invoices", "show", number, "--on", due, "--json"], ""));
    assert_eq!((then["balanceCents"].clone(), then["lines"].as_array().unwrap().len()), (late["feeCents"].clone(), 1));
    let now = json(tutorhub(dir.path(), &["invoices", "show", number, "--json"], ""));
    let kinds: Vec<&str> = now["lines"].as_array().unwrap().iter().map(|l| l["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["fee", "penalty", "interest"]);
    let table = ok(tutorhub(dir.path(), &["invoices", "show", number], ""));
    assert!(table.contains("BALANCE") && table.contains("accrued to date") && table.contains("× 每月 2% × 12 ÷ 365"), "{table}");

    // A due date moved (the tutor was in hospital): no charges, at once.
    let today = chrono::Utc::now().with_timezone(&chrono::FixedOffset::east_opt(8 * 3600).unwrap()).date_naive().to_string();
    assert!(!tutorhub(dir.path(), &["invoices", "due", number, "--date", &today, "--reason", " ", "--yes"], "").status.success());
    ok(tutorhub(dir.path(), &["invoices", "due", number, "--date", &today, "--reason", "導師住院，延期", "--yes"], ""));
    let moved = json(tutorhub(dir.path(), &["invoices", "show", number, "--json"], ""));
    assert_eq!((moved["balanceCents"].clone(), moved["status"].as_str()), (late["feeCents"].clone(), Some("open")));
    assert_eq!(moved["dueChanges"][0]["to"], today);

    // Adjusted down, then paid by hand: once per reference, however often it is typed.
    ok(tutorhub(dir.path(), &["invoices", "adjust", number, "--amount", "-100", "--reason", "首堂只上了一半", "--yes"], ""));
    let owed = late["feeCents"].as_i64().unwrap() - 10_000;
    let amount = format!("{}.{:02}", owed / 100, owed % 100);
    let paid = ok(tutorhub(dir.path(), &["payments", "record", number, "--amount", &amount, "--method", "fps", "--reference", "FRN1"], ""));
    assert!(paid.contains("paid in full: receipt RCT-"), "{paid}");
    let again =
        ok(tutorhub(dir.path(), &["payments", "record", number, "--amount", &amount, "--method", "fps", "--reference", "frn1"], ""));
    assert!(again.contains("already recorded"), "{again}");
    let refused = tutorhub(dir.path(), &["invoices", "adjust", number, "--amount", "50", "--reason", "再改", "--yes"], "");
    assert!(stderr(&refused).contains("已經結清"), "{refused:?}");

    // Paid twice by mistake: the credit is refunded, never more than it.
    ok(tutorhub(dir.path(), &["payments", "record", number, "--amount", "200", "--method", "bank", "--reference", "DUP-1"], ""));
    let credits = json(tutorhub(dir.path(), &["invoices", "list", "--credit", "--json"], ""));
    assert_eq!((credits[0]["number"].as_str(), credits[0]["balanceCents"].as_i64()), (Some(number), Some(-20_000)));
    let too_much = tutorhub(dir.path(), &["invoices", "refund", number, "--amount", "300", "--reference", "RF1", "--yes"], "");
    assert!(stderr(&too_much).contains("退款不可多於"), "{too_much:?}");
    ok(tutorhub(dir.path(), &["invoices", "refund", number, "--amount", "200", "--reference", "RF1", "--reviewer", "amy", "--yes"], ""));
    assert_eq!(json(tutorhub(dir.path(), &["invoices", "list", "--credit", "--json"], "")), serde_json::json!([]));
    let refund =
        json(tutorhub(dir.path(), &["invoices", "show", number, "--json"], ""))["lines"].as_array().unwrap().last().cloned().unwrap();
    assert_eq!((refund["kind"].as_str(), refund["by"].as_str()), (Some("refund"), Some("amy")));
    assert_eq!(json(tutorhub(dir.path(), &["invoices", "show", number, "--json"], ""))["balanceCents"], 0);

    // Waived: nothing owed, the reason kept.
    let other = open["number"].as_str().unwrap();
    assert!(!tutorhub(dir.path(), &["invoices", "waive", other, "--reason", "試用期"], "n\n").status.success());
    ok(tutorhub(dir.path(), &["invoices", "waive", other, "--reason", "試用期", "--yes"], ""));
    let waived = json(tutorhub(dir.path(), &["invoices", "show", other, "--json"], ""));
    assert_eq!((waived["status"].as_str(), waived["balanceCents"].as_i64()), (Some("waived"), Some(0)));
    assert!(
        ok(tutorhub(dir.path(), &["invoices", "proofs", other, "--out", dir.path().join("proofs").to_str().unwrap()], ""))
            .contains("no proofs")
    );
    assert!(!tutorhub(dir.path(), &["invoices", "show", "INV-2026-999999"], "").status.success());
}

#[test]
fn a_bank_statement_is_recorded_once_with_a_table_of_what_it_could_not_match() {
    let dir = tempfile::tempdir().unwrap();
    assert!(tutorhub(dir.path(), &["seed", "--demo"], "").status.success());
    let (_, late, open) = invoices(dir.path());
    let (number, owed) = (open["number"].as_str().unwrap(), open["balanceCents"].as_i64().unwrap());
    // The back office already typed in a part payment that the statement also shows.
    let late_number = late["number"].as_str().unwrap();
    ok(tutorhub(dir.path(), &["payments", "record", late_number, "--amount", "100", "--method", "fps", "--reference", "FRN-PART"], ""));
    let today = chrono::Utc::now().with_timezone(&chrono::FixedOffset::east_opt(8 * 3600).unwrap()).date_naive();
    let day = today.format("%d/%m/%Y");
    let csv = dir.path().join("statement.csv");
    std::fs::write(
        &csv,
        format!(
            "\u{feff}Value Date,Credit,Transaction Details\n\
             {day},\"{}.{:02}\",FPS CR CHAN TAI MAN {number}\n\
             {day},500.00,SALARY NOV\n\
             {day},300.00,FPS CR INV-2026-999999\n\
             {day},-20.00,BANK CHARGE {late_number}\n\
             {day},100.00,FPS CR PART PAYMENT {late_number}\n\
             not a date,10.00,{number}\n",
            owed / 100,
            owed % 100,
        ),
    )
    .unwrap();
    let args = [
        "payments",
        "import",
        csv.to_str().unwrap(),
        "--date-column",
        "value date",
        "--amount-column",
        "Credit",
        "--description-column",
        "Transaction Details",
        "--date-format",
        "%d/%m/%Y",
    ];
    let first = ok(tutorhub(dir.path(), &args, ""));
    assert!(first.contains(&format!("recorded on {number}")) && first.contains("1 recorded, 0 already recorded"), "{first}");
    for why in ["描述中沒有發票號碼", "找不到發票 INV-2026-999999", "不是收款", "unreadable date", "已有同日同額的付款紀錄"]
    {
        assert!(first.contains(why), "{why} in {first}");
    }
    let second = ok(tutorhub(dir.path(), &args, ""));
    assert!(second.contains("0 recorded, 1 already recorded"), "{second}");
    let paid = json(tutorhub(dir.path(), &["invoices", "show", number, "--json"], ""));
    assert_eq!((paid["status"].as_str(), paid["balanceCents"].as_i64()), (Some("paid"), Some(0)));
    let payment = paid["lines"].as_array().unwrap().iter().find(|l| l["kind"] == "payment").unwrap().clone();
    assert_eq!((payment["method"].as_str(), payment["on"].as_str()), (Some("bank"), Some(today.to_string().as_str())));

    let missing = tutorhub(dir.path(), &["payments", "import", csv.to_str().unwrap()], "");
    assert!(stderr(&missing).contains("no column \"date\""), "{missing:?}");
}
