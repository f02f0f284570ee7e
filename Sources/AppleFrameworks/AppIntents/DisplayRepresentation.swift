/// How a value is shown (Apple's page: "DisplayRepresentation"): for the Action button, the
/// title and subtitle Settings lists under First Press (A2).
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// A picture beside the title (Apple's page: "DisplayRepresentation.Image"). Kept, never drawn.
    public struct Image: Hashable, Sendable {
        public enum Source: Hashable, Sendable {
            case systemName(String)
            case named(String)
            case url(URL)
            case data(Data)
        }

        public var source: Source
        public var isTemplate: Bool?

        /// An SF Symbol, by name (`"figure.run"`).
        public init(systemName name: String, isTemplate: Bool? = nil) {
            self.source = .systemName(name)
            self.isTemplate = isTemplate
        }

        /// An image from the app's asset catalog.
        public init(named name: String, isTemplate: Bool? = nil) {
            self.source = .named(name)
            self.isTemplate = isTemplate
        }

        public init(url: URL, isTemplate: Bool? = nil) {
            self.source = .url(url)
            self.isTemplate = isTemplate
        }

        public init(data: Data, isTemplate: Bool? = nil) {
            self.source = .data(data)
            self.isTemplate = isTemplate
        }
    }

    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?
    public var image: Image?
    public var synonyms: [LocalizedStringResource]

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil,
                synonyms: [LocalizedStringResource] = []) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.synonyms = synonyms
    }

    public init(stringLiteral value: String) { self.init(title: LocalizedStringResource(value)) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(title: LocalizedStringResource(String(stringInterpolation: stringInterpolation)))
    }
}
