//! The `satlab` binary: the playground window, and the headless commands.

fn main() {
    println!("satlab: the playground is not built yet; see README.md");
}
