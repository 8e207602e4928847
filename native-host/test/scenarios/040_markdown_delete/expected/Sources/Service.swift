final class Service {
    func foo() {
        bar()
    }

    func baz() {
        qux()
    }
}
