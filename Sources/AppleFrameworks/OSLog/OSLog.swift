// `import OSLog`, as Apple's samples write it: on a watch the OSLog framework brings the
// unified logging API of `os` (Logger, OSLogMessage, os_log) with it. Here it is the `os`
// stand-in under the framework's name, so such files build unchanged.
@_exported import os
