mod core_mod;
mod helpers;

fn main() {
    println!("Starting...");
    core_mod::init();
}
