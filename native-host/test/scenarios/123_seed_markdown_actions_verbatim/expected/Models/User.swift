import Foundation

struct User {
    let id: UUID
    var name: String
    var email: String
}

extension User: Identifiable {}
