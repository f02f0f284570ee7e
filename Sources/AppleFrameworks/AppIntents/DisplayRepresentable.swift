/// A type with a name for people (Apple's page: "TypeDisplayRepresentable").
public protocol TypeDisplayRepresentable {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
}

/// A fixed set of values, each with its own title (Apple's page: "CaseDisplayRepresentable").
public protocol CaseDisplayRepresentable: CaseIterable, Hashable {
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

/// Both of the above (Apple's page: "StaticDisplayRepresentable").
public protocol StaticDisplayRepresentable: CaseDisplayRepresentable, TypeDisplayRepresentable {}

/// A value that shows itself (Apple's page: "InstanceDisplayRepresentable"), such as a start
/// intent listed under First Press.
public protocol InstanceDisplayRepresentable {
    var displayRepresentation: DisplayRepresentation { get }
}
