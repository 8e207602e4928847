final class Service {
    func foo() {
        bar()
    }

    func baz() {
        qux()
    }
}

extension Service: @unchecked Sendable {}
