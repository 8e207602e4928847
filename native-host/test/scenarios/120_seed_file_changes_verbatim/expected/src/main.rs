mod core_mod;
mod helpers;

fn main() {
    println!("App v{}", helpers::get_version());
    core_mod::init();
}
