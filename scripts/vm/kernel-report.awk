#!/usr/bin/awk -f
# kernel-report.awk LOG: the first 45 lines of the first oops, BUG or panic
# report a kernel printed in a serial log, from its headline on (what
# crashed, where, the call trace); nothing when there is none. Lines of
# the kernel carry their time stamp, which keeps test names out.
!on && /^\[ *[0-9]+\.[0-9]+\] .*(BUG: |Oops|general protection fault|Unable to handle kernel|Kernel panic|kernel BUG at)/ { on = 1 }
on && n < 45 { print; n++ }
