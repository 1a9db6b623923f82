//! `tutorhub users list|show`: the back office's directory of accounts, private fields
//! included (never the password hash, which no use case hands out).

use anyhow::Context;
use clap::{Args, Subcommand};
use serde_json::json;
use tutorhub_domain::accounts::directory::{UserDetails, UserRef};
use tutorhub_domain::accounts::ports::UserFilter;
use tutorhub_domain::accounts::user::{Role, User, UserType};

use crate::commands::listing::{Paging, keyed, page_json, print_page};
use crate::config::{GlobalOpts, Sending};
use crate::labels::organizations::document_kind;
use crate::labels::users::{directory_error, org_verification, user_type as type_label};

#[derive(Debug, Args)]
pub struct UsersOpts {
    #[command(subcommand)]
    command: UsersCommand,
}

#[derive(Debug, Subcommand)]
enum UsersCommand {
    /// List accounts, newest first.
    List {
        /// Part of the name, the e-mail or the phone number.
        #[arg(long)]
        search: Option<String>,
        /// Only individuals or only organizations.
        #[arg(long = "type", value_parser = keyed::<UserType>())]
        user_type: Option<UserType>,
        /// Only accounts with this role.
        #[arg(long, value_parser = keyed::<Role>())]
        role: Option<Role>,
        /// Only tutors (approved tutor applications), whatever their role.
        #[arg(long)]
        tutors: bool,
        #[command(flatten)]
        paging: Paging,
        /// One JSON page `{items, total, page, pageSize}` instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Every field of one account, its documents and the decisions on it.
    Show {
        /// User number, user id or phone number.
        user: String,
        #[arg(long)]
        json: bool,
    },
}

/// USER as the commands take it: a number, an id or a phone.
pub fn user_ref(raw: &str) -> anyhow::Result<UserRef> {
    UserRef::parse(raw).with_context(|| format!("USER must be a user number, a user id or a phone number, not {raw:?}"))
}

/// An account as the back office's JSON shows it (the API's field names).
pub fn user_json(user: &User) -> serde_json::Value {
    json!({
        "userId": user.number,
        "id": user.id.to_string(),
        "name": user.name.as_str(),
        "phone": user.phone.as_str(),
        "email": user.email.as_str(),
        "birthdate": user.birthdate.format("%Y-%m-%d").to_string(),
        "userType": user.user_type.key(),
        "role": user.role.key(),
        "accountType": user.account_type,
        "isTutor": user.is_tutor,
        "isTutorProfileActive": user.is_tutor_profile_active,
        "avatar": user.avatar,
        "orgVerification": user.org_verification.map(|v| v.key()),
        "orgRejectionReason": user.org_rejection_reason,
        "createdAt": user.created_at.to_rfc3339(),
    })
}

fn details_json(details: &UserDetails) -> serde_json::Value {
    let mut value = user_json(&details.user);
    value["documents"] =
        details.documents.iter().map(|d| json!({"kind": d.kind.key(), "fileType": d.content_type, "storedAs": d.file.key})).collect();
    value["orgReviews"] = details
        .reviews
        .iter()
        .map(|r| json!({"outcome": r.outcome.key(), "reason": r.reason, "reviewer": r.reviewer, "decidedAt": r.decided_at.to_rfc3339()}))
        .collect();
    value
}

fn print_details(details: &UserDetails) {
    let user = &details.user;
    let yes_no = |flag: bool| if flag { "是" } else { "否" };
    let mut lines = vec![
        ("用戶編號", user.number.to_string()),
        ("id", user.id.to_string()),
        ("名稱", user.name.as_str().to_string()),
        ("電話", user.phone.local().to_string()),
        ("電郵", user.email.as_str().to_string()),
        ("出生日期", user.birthdate.format("%Y-%m-%d").to_string()),
        ("用戶類型", type_label(user.user_type).to_string()),
        ("角色", user.role.key().to_string()),
        ("導師", format!("{}（檔案{}）", yes_no(user.is_tutor), if user.is_tutor_profile_active { "公開" } else { "未公開" })),
        ("註冊時間", user.created_at.with_timezone(&hong_kong()).format("%Y-%m-%d %H:%M").to_string()),
    ];
    if let Some(state) = user.org_verification {
        lines.push(("機構認證", org_verification(state).to_string()));
    }
    if let Some(reason) = &user.org_rejection_reason {
        lines.push(("未獲認證原因", reason.clone()));
    }
    for (label, value) in lines {
        println!("{label}：{value}");
    }
    for document in &details.documents {
        println!("文件：{}（{}，{}）", document_kind(document.kind), document.content_type, document.file.key);
    }
    for review in &details.reviews {
        let at = review.decided_at.with_timezone(&hong_kong()).format("%Y-%m-%d %H:%M");
        let reason = review.reason.as_deref().map(|r| format!("，原因：{r}")).unwrap_or_default();
        println!("審批紀錄：{at} {} 由 {}{reason}", org_verification(review.outcome), review.reviewer);
    }
}

/// Hong Kong time (UTC+8, no daylight saving), for times a person reads.
pub fn hong_kong() -> chrono::FixedOffset {
    chrono::FixedOffset::east_opt(8 * 3600).expect("UTC+8 is a valid offset")
}

pub async fn run(global: &GlobalOpts, opts: &UsersOpts) -> anyhow::Result<()> {
    let wiring = global.wiring(Sending::No).await?;
    let directory = &wiring.user_directory();
    let result = async {
        match &opts.command {
            UsersCommand::List { search, user_type, role, tutors, paging, json } => {
                let filter =
                    UserFilter { search: search.clone(), user_type: *user_type, role: *role, tutors_only: *tutors, org_verification: None };
                let page = directory.list(filter, paging.request()?).await?;
                if *json {
                    println!("{}", serde_json::to_string_pretty(&page_json(&page, user_json))?);
                } else {
                    let headers = ["NO", "TYPE", "ROLE", "TUTOR", "ORG", "CREATED", "PHONE", "NAME", "EMAIL"];
                    print_page(&page, "users", &headers, |u| {
                        vec![
                            u.number.to_string(),
                            type_label(u.user_type).into(),
                            u.role.key().into(),
                            if u.is_tutor { "yes".into() } else { "-".into() },
                            u.org_verification.map_or("-", org_verification).into(),
                            u.created_at.with_timezone(&hong_kong()).format("%Y-%m-%d").to_string(),
                            u.phone.local().into(),
                            u.name.as_str().into(),
                            u.email.as_str().into(),
                        ]
                    });
                }
            }
            UsersCommand::Show { user, json } => {
                let details = directory.show(&user_ref(user)?).await.map_err(|e| anyhow::anyhow!(directory_error(&e)))?;
                if *json {
                    println!("{}", serde_json::to_string_pretty(&details_json(&details))?);
                } else {
                    print_details(&details);
                }
            }
        }
        anyhow::Ok(())
    }
    .await;
    wiring.database.close().await;
    result
}
