pub fn init() {
    println!("legacy");
}
