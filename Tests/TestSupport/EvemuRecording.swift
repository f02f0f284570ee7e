/// An `evemu-record` capture of a keyboard whose F13 and F14 are the Action and side buttons:
/// presses with autorepeat, a chord and another key. Read by the import's own tests and by
/// `actionsim import-evemu` on the built binary.
public enum EvemuRecording {
    public static let presses = """
        # EVEMU 1.3
        # Kernel: 6.1.0
        N: Acme Keyboard
        I: 0003 046d c52b 0111
        B: 00 0b 00 00 00 00 00 00 00
        ################################
        #      Waiting for events      #
        ################################
        E: 0.000001 0004 0004 458856	# EV_MSC / MSC_SCAN             458856
        E: 0.000001 0001 00b7 0001	# EV_KEY / KEY_F13              1
        E: 0.000001 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +0ms
        E: 0.250000 0001 00b7 0002	# EV_KEY / KEY_F13              2
        E: 0.283000 0001 00b7 0002	# EV_KEY / KEY_F13              2
        E: 0.412345 0001 00b7 0000	# EV_KEY / KEY_F13              0
        E: 1.000000 0001 001e 0001	# EV_KEY / KEY_A                1
        E: 1.080000 0001 001e 0000	# EV_KEY / KEY_A                0
        E: 2.000000 0001 00b7 0001	# EV_KEY / KEY_F13              1
        E: 2.030000 0001 00b8 0001	# EV_KEY / KEY_F14              1
        E: 2.130000 0001 00b8 0000	# EV_KEY / KEY_F14              0
        E: 2.140000 0001 00b7 0000	# EV_KEY / KEY_F13              0
        """
}
