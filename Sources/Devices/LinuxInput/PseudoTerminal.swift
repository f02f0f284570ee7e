import CLinuxEvents
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair: the slave side behaves as a real terminal for whoever has it as
/// standard input. Lets the terminal handling of `actionsim run` be checked as a user would
/// see it (is the terminal raw while running, is it back afterwards), without a real one.
public final class PseudoTerminal {
    public let master: Int32
    public let slave: Int32

    public init() throws(LinuxInputError) {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard actionsim_open_pseudo_terminal(&master, &slave) == 0 else {
            throw LinuxInputError.from(LinuxInputError.lastErrno, device: "/dev/ptmx", operation: "open a pseudo-terminal through")
        }
        self.master = master
        self.slave = slave
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Line editing and echo are on: the terminal as a shell leaves it.
    public var isCooked: Bool {
        var mode = termios()
        tcgetattr(slave, &mode)
        return mode.c_lflag & tcflag_t(ICANON) != 0 && mode.c_lflag & tcflag_t(ECHO) != 0
    }
}
