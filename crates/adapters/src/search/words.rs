//! The domain's search terms (`shared::text_terms`) as a tantivy tokenizer, so the index cuts
//! text exactly as typed words and saved searches are read.

use tantivy::tokenizer::{Token, TokenStream, Tokenizer};
use tutorhub_domain::shared::text_terms::term_spans;

/// The name the index schema knows the tokenizer by.
pub const TOKENIZER: &str = "tutorhub_words";

fn tokens(text: &str) -> Vec<Token> {
    term_spans(text)
        .into_iter()
        .enumerate()
        .map(|(position, span)| Token { offset_from: span.from, offset_to: span.to, position, text: span.term, position_length: 1 })
        .collect()
}

/// The terms as a tantivy tokenizer, registered under [`TOKENIZER`].
#[derive(Clone, Default)]
pub struct WordTokenizer;

pub struct WordStream {
    tokens: Vec<Token>,
    /// The current token plus one (0 before the first).
    next: usize,
}

impl Tokenizer for WordTokenizer {
    type TokenStream<'a> = WordStream;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> WordStream {
        WordStream { tokens: tokens(text), next: 0 }
    }
}

impl TokenStream for WordStream {
    fn advance(&mut self) -> bool {
        self.next += 1;
        self.next <= self.tokens.len()
    }

    fn token(&self) -> &Token {
        &self.tokens[self.next - 1]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.next - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_yields_the_terms_with_their_offsets() {
        let mut tokenizer = WordTokenizer;
        let mut stream = tokenizer.token_stream("英文ab");
        let mut seen = Vec::new();
        while stream.advance() {
            let t = stream.token();
            seen.push((t.text.clone(), t.offset_from, t.offset_to));
        }
        assert_eq!(seen, [("英文".to_string(), 0, 6), ("ab".to_string(), 6, 8)]);
    }
}
