pub fn init() {
    println!("core");
}
