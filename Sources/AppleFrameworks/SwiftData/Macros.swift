@_exported import Foundation
@_exported import Observation

/// Makes a class a model: it conforms to `PersistentModel` and can be inserted in a
/// `ModelContext`. Its stored properties stay as written (the store keeps the objects).
@attached(member, names: named(_modelBacking), named(_cascadedModels), named(_releaseDeleted))
@attached(extension, conformances: PersistentModel)
public macro Model() = #externalMacro(module: "SwiftDataMacros", type: "ModelMacro")

/// How a store keeps a property (unique, external storage, ...). Accepted and kept as
/// written; the in-memory store of the simulated watch has no columns to shape.
@attached(peer)
public macro Attribute(_ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil)
    = #externalMacro(module: "SwiftDataMacros", type: "PropertyMarkerMacro")

/// A relationship between models, with its delete rule and inverse. A `.cascade` rule is
/// carried out: deleting the model deletes the models the property holds.
@attached(peer)
public macro Relationship(_ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify,
                          minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil,
                          inverse: AnyKeyPath? = nil, hashModifier: String? = nil)
    = #externalMacro(module: "SwiftDataMacros", type: "PropertyMarkerMacro")

/// A property the store does not keep.
@attached(peer)
public macro Transient() = #externalMacro(module: "SwiftDataMacros", type: "PropertyMarkerMacro")

/// Properties whose values are unique together in a store (watchOS 11).
@freestanding(declaration)
public macro Unique<T>(_ constraints: [PartialKeyPath<T>]...) = #externalMacro(module: "SwiftDataMacros", type: "SchemaMarkerMacro")

/// Properties a store indexes (watchOS 11).
@freestanding(declaration)
public macro Index<T>(_ indices: [PartialKeyPath<T>]...) = #externalMacro(module: "SwiftDataMacros", type: "SchemaMarkerMacro")
