//! Which of the search's cache layers are on: all of them, unless `serve` was told to run
//! without some (`SEARCH_CACHES_OFF`), which only `make bench` does, to measure what each
//! layer is worth against a server that has it (`BENCH_WITHOUT`, ADR 0074).
//!
//! A process-wide switch rather than a setting handed down: the layers sit deep in the index,
//! the SQL stores and the HTTP edge, and a layer switched off must behave exactly as the code
//! would without it, which a check at the very place it keeps is the surest way to get.
//! Tests never switch a layer off: everything they run is the production shape.

use std::str::FromStr;
use std::sync::OnceLock;

/// A cache layer that can be switched off for measuring (docs/architecture.md, "Each cache
/// layer", says what each holds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// `PreparedAnswers`: the board's and the directory's answers as bytes (HTTP edge).
    Answers,
    /// `SegmentCache`'s sets: the documents each clause matches, and the live ones.
    Sets,
    /// `SegmentCache`'s orders: the best eighth of each order a search ranks by.
    Orders,
    /// `KeptRows`: the rows pages showed, under their documents.
    Rows,
    /// `BoardCache`: recommended cases' and fee guidance's SQL reads.
    Board,
    /// `CoalescedRead`: one version query shared by the callers in flight.
    Coalesce,
}

impl Layer {
    pub const ALL: [Layer; 6] = [Layer::Answers, Layer::Sets, Layer::Orders, Layer::Rows, Layer::Board, Layer::Coalesce];

    pub fn name(self) -> &'static str {
        match self {
            Layer::Answers => "answers",
            Layer::Sets => "sets",
            Layer::Orders => "orders",
            Layer::Rows => "rows",
            Layer::Board => "board",
            Layer::Coalesce => "coalesce",
        }
    }
}

impl FromStr for Layer {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Layer::ALL.into_iter().find(|layer| layer.name() == name).ok_or_else(|| {
            let names: Vec<&str> = Layer::ALL.iter().map(|layer| layer.name()).collect();
            format!("no cache layer is called {name:?}; the layers are {}", names.join(", "))
        })
    }
}

static OFF: OnceLock<Vec<Layer>> = OnceLock::new();

/// Switches `layers` off for the rest of the process; called once, before anything is cached.
///
/// # Errors
/// When layers were switched already (a second call would leave caches half filled).
pub fn switch_off(layers: Vec<Layer>) -> Result<(), String> {
    OFF.set(layers).map_err(|_| "the cache layers were switched already".to_string())
}

/// Whether `layer` keeps what it keeps (every layer does, unless switched off).
pub fn is_on(layer: Layer) -> bool {
    OFF.get().is_none_or(|off| !off.contains(&layer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layer_reads_back_from_its_name_and_nothing_else_does() {
        for layer in Layer::ALL {
            assert_eq!(layer.name().parse::<Layer>(), Ok(layer));
        }
        let refused = "segment".parse::<Layer>().unwrap_err();
        assert!(refused.contains("answers, sets, orders, rows, board, coalesce"), "{refused}");
    }

    #[test]
    fn every_layer_is_on_unless_switched_off() {
        // Tests never switch: this process keeps every layer.
        assert!(Layer::ALL.into_iter().all(is_on));
    }
}
