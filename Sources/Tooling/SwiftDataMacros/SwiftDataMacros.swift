import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// The macros of actionsim's SwiftData stand-in, in Apple's spelling (`@Model`, `@Attribute`,
/// `@Relationship`, `@Transient`, `#Unique`, `#Index`). A model keeps its stored properties as
/// the app wrote them: the stand-in's store holds the objects themselves, in memory, so no
/// accessor is rewritten. `@Model` adds what a model needs to be one: the `PersistentModel`
/// conformance (with `Observable`) and its place in a context.
@main
struct SwiftDataMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [ModelMacro.self, PropertyMarkerMacro.self, SchemaMarkerMacro.self]
}

/// `@Model` on a class.
public struct ModelMacro: MemberMacro, ExtensionMacro {
    public static func expansion(of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
                                 conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard declaration.is(ClassDeclSyntax.self) else {
            throw MacroMessage("@Model applies to a class: a model is a reference type, as in Apple's SwiftData")
        }
        let access = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open) }
            ? "public " : ""
        var members: [DeclSyntax] = ["\(raw: access)let _modelBacking = SwiftData.ModelBacking()"]
        let cascading = cascadingProperties(of: declaration)
        if !cascading.isEmpty {
            let appends = cascading.map { "    SwiftData._appendRelated(self.\($0), to: &models)\n" }.joined()
            members.append("""
                \(raw: access)func _cascadedModels() -> [any SwiftData.PersistentModel] {
                    var models: [any SwiftData.PersistentModel] = []
                \(raw: appends)    return models
                }
                """)
        }
        let stored = storedVariables(of: declaration)
        if !stored.isEmpty {
            let releases = stored.map {
                "    if let kept = SwiftData._withoutDeleted(self.\($0), deleted) { self.\($0) = kept }\n"
            }.joined()
            members.append("""
                \(raw: access)func _releaseDeleted(_ deleted: Set<ObjectIdentifier>) {
                \(raw: releases)}
                """)
        }
        return members
    }

    /// The stored `var`s of the class (not static, lazy or computed, not `@Transient`): the ones
    /// that may hold a related model.
    static func storedVariables(of declaration: some DeclGroupSyntax) -> [String] {
        declaration.memberBlock.members.flatMap { member -> [String] in
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var),
                  !variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind) }),
                  !variable.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("Transient") == true })
            else { return [] }
            return variable.bindings.compactMap { binding in
                // A getter makes it computed; observers (willSet, didSet) leave it stored.
                if let accessors = binding.accessorBlock?.accessors {
                    guard case .accessors(let list) = accessors,
                          list.allSatisfy({ [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }) else { return nil }
                }
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription
            }
        }
    }

    /// The stored properties marked `@Relationship(deleteRule: .cascade ...)`.
    static func cascadingProperties(of declaration: some DeclGroupSyntax) -> [String] {
        declaration.memberBlock.members.flatMap { member -> [String] in
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { return [] }
            let cascades = variable.attributes.contains { element in
                guard let attribute = element.as(AttributeSyntax.self),
                      attribute.attributeName.trimmedDescription.hasSuffix("Relationship"),
                      let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) else { return false }
                return arguments.contains { $0.label?.text == "deleteRule" && $0.expression.trimmedDescription.hasSuffix(".cascade") }
            }
            guard cascades else { return [] }
            return variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription }
        }
    }

    public static func expansion(of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
                                 providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
                                 in context: some MacroExpansionContext) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(ClassDeclSyntax.self) else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): SwiftData.PersistentModel {}")]
    }
}

/// `@Attribute(...)`, `@Relationship(...)`, `@Transient`: what they say shapes a store's schema;
/// the stand-in's store keeps the objects as they are, so they add nothing here (`@Model`
/// reads a relationship's `.cascade` rule).
public struct PropertyMarkerMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] { [] }
}

/// `#Unique<T>([\.a])`, `#Index<T>([\.a])` inside a model: schema hints, nothing to declare here.
public struct SchemaMarkerMacro: DeclarationMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] { [] }
}

struct MacroMessage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
