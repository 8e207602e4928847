pub fn init() {
    println!("core module ready");
}
