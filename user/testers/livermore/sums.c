// SPDX-License-Identifier: MIT
/*
 * The Livermore runs' tables: loop names, the standard spans of the three
 * parts (long ~ 1001, medium ~ 101, short ~ 27 elements: the same sets as
 * McMahon's LFK and Longbottom's liverloops), the standard flop counts,
 * the repetitions of one pass, the checksums and their reference values.
 *
 * The references: Longbottom's published checksums depend on his data
 * generator and repetition counts, which burnkit does not copy; so the
 * table below is burnkit's own, generated from a double-precision -O0
 * build of kernels.c (no fused multiply-add) on x86-64 with
 * `build/tests/livermore/lfk_check --table`, and checked on aarch64 and
 * armv7 under qemu-user (make lfk-test). The tolerance LFK_REL_TOL (lfk.h)
 * is 1e-12 relative. How it was derived: -O0, -O2, -O3 -march=native, and
 * the aarch64 and armv7 builds agree with the table bit for bit; builds
 * that fuse multiplies and adds (-ffp-contract=fast: x86-64 FMA3, AArch64,
 * ARMv7 VFPv4) move 23 to 27 of the 72 checksums, by at most 1.4e-15
 * (loop 12, part 1); a coefficient off by one part in 10^9 (LFK_WRONG_COEFFICIENT)
 * moves loop 7 by 6.6e-11 to 1.5e-10. 1e-12 lies 700 times above the
 * first and 66 times below the second.
 */
#include "lfk.h"

#include <math.h>

static const char *const names[LFK_LOOPS] = {
	"hydro fragment", "ICCG excerpt", "inner product", "banded linear equations",
	"tri-diagonal elimination", "general linear recurrence", "equation of state",
	"ADI integration", "integrate predictors", "difference predictors",
	"first sum", "first difference", "2-D PIC", "1-D PIC", "casual Fortran",
	"Monte Carlo search", "implicit conditional", "2-D explicit hydro",
	"general linear recurrence 2", "discrete ordinates transport",
	"matrix*matrix product", "Planckian distribution", "2-D implicit hydro",
	"location of first minimum",
};

static const short spans[LFK_PARTS][LFK_LOOPS] = {
	{ 1001, 101, 1001, 1001, 1001, 64, 995, 100, 101, 101, 1001, 1000,
	  64, 1001, 101, 75, 101, 100, 101, 1000, 101, 101, 100, 1001 },
	{ 101, 101, 101, 101, 101, 32, 101, 100, 101, 101, 101, 100,
	  32, 101, 101, 40, 101, 100, 101, 100, 50, 101, 100, 101 },
	{ 27, 15, 27, 27, 27, 8, 21, 14, 15, 15, 27, 26,
	  8, 27, 15, 15, 15, 14, 15, 26, 20, 15, 14, 27 },
};

static const signed char flops_per_iteration[LFK_LOOPS] = {
	5, 4, 2, 2, 2, 2, 16, 36, 17, 9, 1, 1, 7, 11, 33, 10, 9, 44, 6, 26, 2, 17, 11, 1,
};

/* Flops of one pass (about; at least one repetition). */
#define LFK_PASS_FLOPS 400000.0

const char *lfk_name(int loop)
{
	return names[loop - 1];
}

int lfk_span(int loop, int part)
{
	return spans[part - 1][loop - 1];
}

int lfk_flops_per_iteration(int loop)
{
	return flops_per_iteration[loop - 1];
}

double lfk_nominal_flops(int loop, int n)
{
	double f = flops_per_iteration[loop - 1];

	switch (loop) {
	case 2:
		return f * (n - 4);
	case 4:
		return f * (double)(((n - 5) / 5 + 1) * 3);
	case 5: case 11: case 24:
		return f * (n - 1);
	case 6:
		return f * (double)n * (double)((n - 1) / 2);
	case 8:
		return f * 2.0 * (n - 1);
	case 15: case 18: case 23:
		return f * 5.0 * (n - 1);
	case 21:
		return f * 625.0 * n;
	default:	/* 16: about one probe per element */
		return f * n;
	}
}

long lfk_reps(int loop, int part)
{
	double r = ceil(LFK_PASS_FLOPS / lfk_nominal_flops(loop, lfk_span(loop, part)));

	return r < 1 ? 1 : (long)r;
}

double lfk_pass_flops(int loop, int part, const struct lfk_data *d)
{
	if (loop == 16)
		return 2.0 * (double)d->k2 + 10.0 * (double)d->k3;
	return lfk_nominal_flops(loop, lfk_span(loop, part)) * (double)lfk_reps(loop, part);
}

/* sum of (i + 1) a[i] over count elements */
static double wsum(const double *a, int count)
{
	double s = 0;

	for (int i = 0; i < count; i++)
		s += a[i] * (double)(i + 1);
	return s;
}

/* the same over rows x cols of a grid with row length `stride` */
static double wgrid(const double *a, int rows, int cols, int stride)
{
	double s = 0;

	for (int j = 0; j < rows; j++)
		for (int k = 0; k < cols; k++)
			s += a[j * stride + k] * (double)(j * cols + k + 1);
	return s;
}

double lfk_checksum(const struct lfk_data *d, int loop, int n)
{
	double s = 0;

	switch (loop) {
	case 1: case 7: case 12:
		return wsum(d->x, n);
	case 2:
		return wsum(d->x, 2 * n);
	case 3:
		return d->q;
	case 4:
		for (int k = 6, row = 1; k < LFK_LONG; k += (LFK_LONG - 7) / 2, row++)
			s += row * d->x[k - 1];
		return s;
	case 5: case 11:
		return wsum(d->x + 1, n - 1);
	case 6:
		return wsum(d->w, n);
	case 8:
		for (int ky = 0; ky <= n && ky < 101; ky++)
			for (int kx = 0; kx < 5; kx++)
				s += (d->u1[1][ky][kx] + d->u2[1][ky][kx] + d->u3[1][ky][kx]) *
				     (double)(5 * ky + kx + 1);
		return s;
	case 9:
		return wgrid(&d->px[0][0], n, 1, 25);
	case 10:
		return wgrid(&d->px[0][4], n, 10, 25);
	case 13:
		return wgrid(&d->p[0][0], n, 4, 4) + wgrid(&d->h[0][0], 64, 64, 64);
	case 14:
		for (int k = 0; k < n; k++)
			s += (d->xx[k] + d->vx[k]) * (double)(k + 1);
		return s + wsum(d->rh, 2049);
	case 15:
		return wgrid(&d->vs[0][0], LFK_ROWS, n, LFK_COLS) +
		       wgrid(&d->vy[0][0], LFK_ROWS, n, 101);
	case 16:
		return (double)(d->k2 + d->k3 + d->j5 + d->m16);
	case 17:
		return d->xnm + wsum(d->vxne, n) + wsum(d->vxnd, n);
	case 18:
		return wgrid(&d->zz[0][0], LFK_ROWS, n, LFK_COLS) +
		       wgrid(&d->zr[0][0], LFK_ROWS, n, LFK_COLS);
	case 19:
		return d->stb5 + wsum(d->b5, n);
	case 20:
		return wsum(d->xx + 1, n);
	case 21:
		return wgrid(&d->px[0][0], n, 25, 25);
	case 22:
		return wsum(d->w, n);
	case 23:
		return wgrid(&d->za[0][0], LFK_ROWS, n, LFK_COLS);
	case 24:
		return (double)d->m24;
	default:
		return NAN;
	}
}

double lfk_rel_diff(double found, double expected)
{
	double scale = fabs(expected) > 1e-300 ? fabs(expected) : 1e-300;

	if (found == expected)
		return 0;
	if (isnan(found) || isnan(expected) || isinf(found))
		return INFINITY;
	return fabs(found - expected) / scale;
}

/* Generated, see the top of this file; %.17g round-trips each double. */
static const double references[LFK_PARTS][LFK_LOOPS] = {
	{ /* part 1 */
		28331.667816331472, 1653.9650255494237, 9.7355214091033346,
		-2.0846689943497458, 4506.7590761425563, 4241.4258370729212,
		63732.090446539602, 38126.664645412864, 985.47471589914892,
		5012.673843909186, 33688000.828755021, 29.761235525563073,
		773242263.1910975, 3138690070.668005, 38800.859500129642,
		60418, 1263.0470051991886, 51336.275730891546,
		534.72982596223767, 18450477618.832603, 3539955.0071805711,
		328.21302574927512, 35343.835677184979, 500,
	},
	{ /* part 2 */
		380.14803789943312, 1628.0793705008123, 1.0651897062721178,
		-0.054675804397403313, 47.418792661362417, 94.920596903847667,
		611.44082948143659, 37937.410323890988, 966.69423651918214,
		4978.1030481054877, 34900.4985234255, -3.827665049541551,
		769681055.55009592, 66056934.827862792, 38849.613193884376,
		60041, 1448.8213916709444, 50923.525744727725,
		548.21177334674792, 41172.878321808537, 1443991.9284050826,
		349.92119201670801, 35111.792181990269, 50,
	},
	{ /* part 3 */
		34.72889755076443, 40.080746425190668, 0.25064659301020598,
		-0.021196643869779777, 2.9991493744693094, 1.121962832405107,
		30.159919209398243, 841.89302748006253, 25.373804116329243,
		101.65808902167248, 632.41690445524239, -0.51679640857879938,
		750907782.81065512, 37823961.75250186, 889.09120157410666,
		61357, 37.33592697348999, 1304.8960807597487,
		11.273582586347704, 484.02666144420482, 509584.17515653674,
		6.5224952872622231, 666.16127309096896, 13,
	},
};

double lfk_reference(int loop, int part)
{
	return references[part - 1][loop - 1];
}
