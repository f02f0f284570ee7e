// swift-tools-version: 5.9
// DeepLog's dive logic, kept out of the watch app's target as modern watch apps do: the
// app's project references this folder as a local package and imports DeepLogKit.
import PackageDescription

let package = Package(
    name: "DeepLogKit",
    platforms: [.watchOS(.v10)],
    products: [
        .library(name: "DeepLogKit", targets: ["DeepLogKit"]),
    ],
    targets: [
        .target(name: "DeepLogKit"),
    ]
)
