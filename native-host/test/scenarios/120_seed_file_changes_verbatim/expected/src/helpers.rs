pub fn get_version() -> &'static str {
    "0.1.0"
}
