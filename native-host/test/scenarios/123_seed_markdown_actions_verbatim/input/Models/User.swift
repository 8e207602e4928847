import Foundation

struct User {
    let id: UUID
    var name: String
}

extension User: Identifiable {}
