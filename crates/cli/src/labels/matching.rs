//! The back office's zh-HK words for matching.
