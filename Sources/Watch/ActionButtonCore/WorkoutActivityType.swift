/// HealthKit's workout activity types, by Apple's names and numbers (Apple's page:
/// "HKWorkoutActivityType"), and the one table that says which sensor model records each.
///
/// The `HealthKit` stand-in names this type `HKWorkoutActivityType`; app manifests name its
/// cases (`activity: running`). Both decide a workout's sensors here and nowhere else: a
/// type's model is written out case by case, never guessed from a name, and a type no model
/// fits says so (`unmodelledReason`) instead of quietly recording nothing.
public enum WorkoutActivityType: UInt, Hashable, Sendable, CaseIterable {
    case americanFootball = 1
    case archery = 2
    case australianFootball = 3
    case badminton = 4
    case baseball = 5
    case basketball = 6
    case bowling = 7
    case boxing = 8
    case climbing = 9
    case cricket = 10
    case crossTraining = 11
    case curling = 12
    case cycling = 13
    case dance = 14
    case danceInspiredTraining = 15
    case elliptical = 16
    case equestrianSports = 17
    case fencing = 18
    case fishing = 19
    case functionalStrengthTraining = 20
    case golf = 21
    case gymnastics = 22
    case handball = 23
    case hiking = 24
    case hockey = 25
    case hunting = 26
    case lacrosse = 27
    case martialArts = 28
    case mindAndBody = 29
    case mixedMetabolicCardioTraining = 30
    case paddleSports = 31
    case play = 32
    case preparationAndRecovery = 33
    case racquetball = 34
    case rowing = 35
    case rugby = 36
    case running = 37
    case sailing = 38
    case skatingSports = 39
    case snowSports = 40
    case soccer = 41
    case softball = 42
    case squash = 43
    case stairClimbing = 44
    case surfingSports = 45
    case swimming = 46
    case tableTennis = 47
    case tennis = 48
    case trackAndField = 49
    case traditionalStrengthTraining = 50
    case volleyball = 51
    case walking = 52
    case waterFitness = 53
    case waterPolo = 54
    case waterSports = 55
    case wrestling = 56
    case yoga = 57
    case barre = 58
    case coreTraining = 59
    case crossCountrySkiing = 60
    case downhillSkiing = 61
    case flexibility = 62
    case highIntensityIntervalTraining = 63
    case jumpRope = 64
    case kickboxing = 65
    case pilates = 66
    case snowboarding = 67
    case stairs = 68
    case stepTraining = 69
    case wheelchairWalkPace = 70
    case wheelchairRunPace = 71
    case taiChi = 72
    case mixedCardio = 73
    case handCycling = 74
    case discSports = 75
    case fitnessGaming = 76
    case cardioDance = 77
    case socialDance = 78
    case pickleball = 79
    case cooldown = 80
    case swimBikeRun = 82
    case transition = 83
    case underwaterDiving = 84
    case other = 3000

    /// Apple's case name (`traditionalStrengthTraining`): what manifests write and logs show.
    /// (Not `CustomStringConvertible`: `String(describing:)` is what spells the case name.)
    public var name: String { String(describing: self) }

    /// The type with this case name, exactly as HealthKit spells it.
    public init?(name: String) {
        guard let found = Self.byName[name] else { return nil }
        self = found
    }

    private static let byName: [String: WorkoutActivityType] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    /// The sensor model that records a workout of this type, or nil when none fits (see
    /// `unmodelledReason`). Sports played in one place, gym work and mind-and-body sessions
    /// record heart rate and energy (`other`); walks, runs, rides and swims add their pace.
    public var sensorModel: ActivityKind? {
        switch self {
        case .walking, .hiking: .walking
        case .running: .running
        case .cycling: .cycling
        case .swimming: .swimming
        // Played or trained on one spot (or on a machine): heart rate and energy only.
        case .americanFootball, .archery, .australianFootball, .badminton, .baseball, .basketball, .bowling,
             .boxing, .climbing, .cricket, .crossTraining, .curling, .dance, .danceInspiredTraining, .elliptical,
             .fencing, .fishing, .functionalStrengthTraining, .golf, .gymnastics, .handball, .hockey, .hunting,
             .lacrosse, .martialArts, .mindAndBody, .mixedMetabolicCardioTraining, .play, .preparationAndRecovery,
             .racquetball, .rugby, .soccer, .softball, .squash, .stairClimbing, .tableTennis, .tennis,
             .trackAndField, .traditionalStrengthTraining, .volleyball, .waterFitness, .waterPolo, .wrestling,
             .yoga, .barre, .coreTraining, .flexibility, .highIntensityIntervalTraining, .jumpRope, .kickboxing,
             .pilates, .stairs, .stepTraining, .taiChi, .mixedCardio, .discSports, .fitnessGaming, .cardioDance,
             .socialDance, .pickleball, .cooldown, .transition, .other:
            .other
        // Covered distance is what these are about, at paces none of the models has.
        case .equestrianSports, .paddleSports, .rowing, .sailing, .skatingSports, .snowSports, .surfingSports,
             .waterSports, .crossCountrySkiing, .downhillSkiing, .snowboarding, .wheelchairWalkPace,
             .wheelchairRunPace, .handCycling, .swimBikeRun, .underwaterDiving:
            nil
        }
    }

    /// Why a type has no sensor model, and what to use instead; nil for modelled types.
    public var unmodelledReason: String? {
        guard sensorModel == nil else { return nil }
        switch self {
        case .swimBikeRun:
            return "\(name) is a multisport workout; actionsim models one sport per session, so start a session per leg (swimming, cycling, running)"
        case .underwaterDiving:
            return "\(name) is a dive; dives are recorded by a dive app's session (StartDiveIntent), whose sensors are depth, pressure and temperature"
        default:
            return "actionsim has no sensor model for \(name): its distance and pace would be made up. Name an activity that has one: "
                + "walking, hiking, running, cycling or swimming, or other (heart rate and energy only)"
        }
    }

    /// The types that have a sensor model, for messages that list the choices.
    public static var modelled: [WorkoutActivityType] { allCases.filter { $0.sensorModel != nil } }
}

extension WorkoutActivityType {
    /// Why a name cannot pick a workout's sensors: what manifests and scenarios are told.
    public enum Unusable: Error, Hashable, Sendable, CustomStringConvertible {
        /// Not one of HealthKit's activity type names.
        case unknown(String)
        /// A HealthKit type with no sensor model.
        case unmodelled(WorkoutActivityType)

        public var description: String {
            switch self {
            case .unknown(let name):
                "\"\(name)\" is not a HealthKit workout activity type; expected a name such as walking, running, cycling, "
                    + "swimming, hiking, yoga or other (HKWorkoutActivityType's case names)"
            case .unmodelled(let type):
                type.unmodelledReason ?? "\(type) has no sensor model"
            }
        }
    }

    /// The type named `name` (Apple's case name), if a sensor model records it.
    public static func modelled(named name: String) throws(Unusable) -> WorkoutActivityType {
        guard let type = WorkoutActivityType(name: name) else { throw .unknown(name) }
        guard type.sensorModel != nil else { throw .unmodelled(type) }
        return type
    }
}

// Codable so that a simulated watch in another process can send what happened (ActionButtonHarness).
extension WorkoutActivityType: Codable {}
