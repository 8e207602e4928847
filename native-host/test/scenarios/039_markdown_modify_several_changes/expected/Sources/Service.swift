final class Service {
    func foo() {
        bar()
        bar2()
    }

    func baz() {
        print("baz")
        qux()
    }
}
