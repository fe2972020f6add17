//! names (todo)
