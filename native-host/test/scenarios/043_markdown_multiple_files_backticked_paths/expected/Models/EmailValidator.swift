enum EmailValidator {
    static func isValid(_ s: String) -> Bool { s.contains("@") }
}
