//! The notices' texts, in Chinese and English. What the storage says of a file (a browser's
//! storage full, a file too big) is put into Chinese from its own table
//! ([`crate::storage::words`]), on the desktop and in a browser alike.

use crate::core::notice::NoticeKind;
use crate::core::settings::Language;
use crate::storage::words::in_chinese;

/// The notice in `lang`.
#[must_use]
pub fn notice_text(kind: &NoticeKind, lang: Language) -> String {
    let zh = lang == Language::Chinese;
    match kind {
        NoticeKind::PositionRefused(e) if zh => {
            format!(
                "局面不合规则：{}",
                super::rules_text::setup_error_text(e, lang)
            )
        }
        NoticeKind::PositionRefused(e) => format!(
            "The position breaks a rule: {}",
            super::rules_text::setup_error_text(e, lang)
        ),
        NoticeKind::Illegal(mv) if zh => format!("不能这样走：{mv}"),
        NoticeKind::Illegal(mv) => format!("Illegal move: {mv}"),
        NoticeKind::NestedTooDeep if zh => {
            format!("变着最多嵌套 {} 层", xiangqi::MAX_VARIATION_NESTING)
        }
        NoticeKind::NestedTooDeep => format!(
            "Variations nest at most {} levels deep",
            xiangqi::MAX_VARIATION_NESTING
        ),
        NoticeKind::GameOver if zh => "对局已结束".into(),
        NoticeKind::GameOver => "The game is over".into(),
        NoticeKind::BadSettings(e) if zh => {
            format!("设置文件无法读取，已用默认设置：{}", in_chinese(e))
        }
        NoticeKind::BadSettings(e) => format!("Settings unreadable, using defaults: {e}"),
        NoticeKind::BadRecord(e) if zh => format!("棋谱无法打开：{}", in_chinese(e)),
        NoticeKind::BadRecord(e) => format!("Cannot open the record: {e}"),
        NoticeKind::Reading(name) if zh => format!("正在读取{name}……"),
        NoticeKind::Reading(name) if name.is_empty() => "Reading…".into(),
        NoticeKind::Reading(name) => format!("Reading {name}…"),
        NoticeKind::BadPaste(e) if zh => format!("粘贴的内容无法读取：{e}"),
        NoticeKind::BadPaste(e) => format!("Cannot read what was pasted: {e}"),
        NoticeKind::PartlyRead { skipped, first } if zh => {
            format!("棋谱已打开，{skipped} 处无法读取已略去：{first}")
        }
        NoticeKind::PartlyRead { skipped, first } => {
            format!("Record opened; {skipped} part(s) could not be read and were left out: {first}")
        }
        NoticeKind::WriteFailed(e) if zh => format!("无法保存：{}", in_chinese(e)),
        NoticeKind::WriteFailed(e) => format!("Cannot save: {e}"),
        NoticeKind::Saved(p) if zh => format!("棋谱已保存：{p}"),
        NoticeKind::Saved(p) => format!("Record saved: {p}"),
        NoticeKind::PositionSaved if zh => "局面已保存".into(),
        NoticeKind::PositionSaved => "Position saved".into(),
        NoticeKind::NothingSaved if zh => "还没有保存的局面".into(),
        NoticeKind::NothingSaved => "No saved position yet".into(),
        NoticeKind::EngineFallback(e) if zh => format!("外部引擎出错，改用内置引擎：{e}"),
        NoticeKind::EngineFallback(e) => {
            format!("The external engine failed; the built-in engine takes over: {e}")
        }
        NoticeKind::ComputerFailed {
            unreachable: true,
            again,
            ..
        } if zh => match again {
            true => "电脑的程序无法从服务器载入（网络或服务器断开），稍后自动重试".into(),
            false => "电脑的程序无法从服务器载入（网络或服务器断开）".into(),
        },
        NoticeKind::ComputerFailed {
            unreachable: true,
            again,
            ..
        } => match again {
            true => "The computer's program could not be loaded from the server (the network or \
                     the server is down); trying again shortly"
                .into(),
            false => "The computer's program could not be loaded from the server (the network or \
                      the server is down)"
                .into(),
        },
        NoticeKind::ComputerFailed { why, again, .. } if zh => match again {
            true => format!("电脑的程序停止了，正在重新启动：{why}"),
            false => format!("电脑的程序停止了，这一步无法计算：{why}"),
        },
        NoticeKind::ComputerFailed { why, again, .. } => match again {
            true => format!("The computer's program stopped; starting it again: {why}"),
            false => format!("The computer's program stopped; it cannot search this move: {why}"),
        },
        NoticeKind::NothingToUndo if zh => "没有可以悔的棋".into(),
        NoticeKind::NothingToUndo => "Nothing to take back".into(),
        NoticeKind::NothingToRedo if zh => "没有可以重做的棋".into(),
        NoticeKind::NothingToRedo => "Nothing to play again".into(),
        NoticeKind::Said(said) if zh => said.zh.clone(),
        NoticeKind::Said(said) => said.en.clone(),
    }
}
