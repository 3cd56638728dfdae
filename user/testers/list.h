/* SPDX-License-Identifier: MIT */
/* Every tester and tool of the runner, once, in the order `burnkit list` shows. */
#ifndef BK_TESTER_LIST_H
#define BK_TESTER_LIST_H

#define BK_TESTERS(X)	\
	X(info)		\
	X(timer)	\
	X(kmod)		\
	X(fpu)		\
	X(mflops)	\
	X(livermore)	\
	X(gpu)		\
	X(temp)		\
	X(activity)	\
	X(cook)		\
	X(report)	\
	X(compare)	\
	X(watch)	\
	X(script)	\
	X(int)		\
	X(inspect)	\
	X(paging)	\
	X(drive)	\
	X(speed)	\
	X(sdcard)	\
	X(capacity)	\
	X(lan)		\
	X(burnin)

#endif
