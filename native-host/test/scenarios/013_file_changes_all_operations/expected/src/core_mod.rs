pub fn init() {
    println!("init");
}
