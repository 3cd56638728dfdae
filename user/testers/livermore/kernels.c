// SPDX-License-Identifier: MIT
/*
 * The 24 Livermore kernels and their data, written from the published
 * definitions (McMahon's LFK report and its Fortran text). Each kernel is
 * a function of the data and the span n; lfk_run() repeats one. The data
 * come from our own generator (a 64-bit linear congruential sequence, so
 * every libc and architecture gets the same numbers): vectors and grids
 * uniform in [0.05, 0.15), with the structured inputs the particle and
 * search kernels need (cell indices, zone tables) built explicitly.
 *
 * Precision: double, as Longbottom's liverloops. The kernels are plain C
 * in source order; the Makefile builds this file with -ffp-contract=off
 * so that the checksums do not depend on whether the compiler fuses a
 * multiply and an add (tests/livermore measures what fusing would change).
 *
 * LFK_WRONG_COEFFICIENT (a test build only) makes kernel 7 use r off by
 * one part in 10^9, to see a wrong result reported with its loop and pass.
 */
#include "lfk.h"

#include <math.h>
#include <string.h>

#define BK_LFK_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Knuth's MMIX LCG; the top 53 bits as a fraction in [0, 1). */
static double lcg_unit(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return (double)(*s >> 11) * (1.0 / 9007199254740992.0);
}

static double lcg_val(uint64_t *s)
{
	return 0.05 + 0.1 * lcg_unit(s);
}

static void fill(double *a, size_t count, uint64_t *s)
{
	for (size_t i = 0; i < count; i++)
		a[i] = lcg_val(s);
}

void lfk_init(struct lfk_data *d, int part)
{
	uint64_t s = 0x4c464b3234ull + (uint64_t)part;	/* "LFK24" + part */
	int nn = lfk_span(16, part);

	memset(d, 0, sizeof(*d));
	fill(d->u, BK_LFK_COUNT(d->u), &s);
	fill(d->v, BK_LFK_COUNT(d->v), &s);
	fill(d->w, BK_LFK_COUNT(d->w), &s);
	fill(d->x, BK_LFK_COUNT(d->x), &s);
	fill(d->y, BK_LFK_COUNT(d->y), &s);
	fill(d->z, BK_LFK_COUNT(d->z), &s);
	fill(d->g, BK_LFK_COUNT(d->g), &s);
	fill(d->du1, 101, &s);
	fill(d->du2, 101, &s);
	fill(d->du3, 101, &s);
	fill(d->xi, LFK_LONG, &s);
	fill(d->ex, LFK_LONG, &s);
	fill(d->ex1, LFK_LONG, &s);
	fill(d->dex1, LFK_LONG, &s);
	fill(d->vx, LFK_LONG, &s);
	fill(d->xx, BK_LFK_COUNT(d->xx), &s);
	fill(d->rx, LFK_LONG, &s);
	fill(d->rh, BK_LFK_COUNT(d->rh), &s);
	fill(d->vsp, 101, &s);
	fill(d->vstp, 101, &s);
	fill(d->vxne, 101, &s);
	fill(d->vxnd, 101, &s);
	fill(d->ve3, 101, &s);
	fill(d->vlr, 101, &s);
	fill(d->vlin, 101, &s);
	fill(d->b5, BK_LFK_COUNT(d->b5), &s);
	fill(d->sa, 101, &s);
	fill(d->sb, 101, &s);
	fill(&d->px[0][0], 101 * 25, &s);
	fill(&d->cx[0][0], 101 * 25, &s);
	fill(&d->vy[0][0], 25 * 101, &s);
	fill(&d->vh[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->vf[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->vg[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->vs[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->za[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->zp[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->zq[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->zr[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->zm[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->zb[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->zu[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->zv[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->zz[0][0], LFK_ROWS * LFK_COLS, &s);
	fill(&d->b[0][0], 64 * 64, &s);
	fill(&d->c[0][0], 64 * 64, &s);
	fill(&d->h[0][0], 64 * 64, &s);
	fill(&d->u1[0][0][0], 2 * 101 * 5, &s);
	fill(&d->u2[0][0][0], 2 * 101 * 5, &s);
	fill(&d->u3[0][0][0], 2 * 101 * 5, &s);

	/* Coefficients: each in [0.05, 0.15); kernel 20 clamps to [s, t]. */
	d->q = lcg_val(&s);
	d->r = lcg_val(&s);
	d->t = lcg_val(&s);
	d->s = lcg_val(&s);
	if (d->s > d->t) {
		double tmp = d->s;

		d->s = d->t;
		d->t = tmp;
	}
	d->sig = lcg_val(&s);
	d->c0 = lcg_val(&s);
	d->dk = lcg_val(&s);
	d->stb5 = lcg_val(&s);
	d->a11 = lcg_val(&s);
	d->a12 = lcg_val(&s);
	d->a13 = lcg_val(&s);
	d->a21 = lcg_val(&s);
	d->a22 = lcg_val(&s);
	d->a23 = lcg_val(&s);
	d->a31 = lcg_val(&s);
	d->a32 = lcg_val(&s);
	d->a33 = lcg_val(&s);
	d->dm22 = lcg_val(&s);
	d->dm23 = lcg_val(&s);
	d->dm24 = lcg_val(&s);
	d->dm25 = lcg_val(&s);
	d->dm26 = lcg_val(&s);
	d->dm27 = lcg_val(&s);
	d->dm28 = lcg_val(&s);
	d->flx = 0.001;
	d->expmax = 20.0;

	/* 1-D PIC: cell numbers 1..1001 and steep negative field slopes. */
	for (int i = 0; i < LFK_LONG; i++) {
		d->grd[i] = (double)(1 + (long)(lcg_unit(&s) * LFK_LONG));
		d->dex[i] = -100.0 * lcg_val(&s);
	}
	/* 2-D PIC: particles anywhere on the 64 x 64 grid, slow at first. */
	for (int i = 0; i < 512; i++) {
		d->p[i][0] = 64.0 * lcg_unit(&s);
		d->p[i][1] = 64.0 * lcg_unit(&s);
		d->p[i][2] = lcg_val(&s);
		d->p[i][3] = lcg_val(&s);
	}
	for (int i = 0; i < 96; i++)
		d->e[i] = d->f[i] = 1;

	/*
	 * Monte Carlo search: d[] rises slowly from 1; two zone tables of
	 * 2 x nn entries, each entry naming an even cell 2k whose plan
	 * threshold is d[nn-1] (k+1)/k; the entry after the first table names
	 * nn itself, where the search of a table ends.
	 */
	d->d[0] = 1.0 + 0.02 * lcg_unit(&s);
	for (int l = 1; l < 300; l++)
		d->d[l] = d->d[l - 1] + 1.0e-4 / d->d[l - 1];
	for (int tbl = 0, m = 0; tbl < 2; tbl++)
		for (int half = 0; half < 2; half++)
			for (int k = 1; k <= nn; k++, m++) {
				d->plan[m] = d->d[nn - 1] * ((double)(k + 1) / k);
				d->zone[m] = k + k;
			}
	d->zone[nn + nn] = nn;
}

void lfk_prepare(struct lfk_data *d, int loop, int n)
{
	switch (loop) {
	case 16:
		d->r = d->d[n - 1];
		d->s = d->d[n - 2];
		d->t = d->d[n - 3];
		d->k2 = d->k3 = 0;
		break;
	case 22:
		d->u[n - 1] = 0.99 * d->expmax * d->v[n - 1];
		break;
	case 24:
		d->x[n / 2] = -1.0e10;
		break;
	default:
		break;
	}
}

/* 1: hydro fragment. */
static void k01(struct lfk_data *d, int n)
{
	for (int k = 0; k < n; k++)
		d->x[k] = d->q + d->y[k] * (d->r * d->z[k + 10] + d->t * d->z[k + 11]);
}

/* 2: ICCG excerpt: halving sweeps, each writing past the one it reads. */
static void k02(struct lfk_data *d, int n)
{
	long len = n, end = 0;

	while (len > 0) {
		long start = end, i;

		end += len;
		len /= 2;
		i = end;
		for (long k = start + 1; k < end; k += 2) {
			i++;
			d->x[i] = d->x[k] - d->v[k] * d->x[k - 1] - d->v[k + 1] * d->x[k + 1];
		}
	}
}

/* 3: inner product. */
static void k03(struct lfk_data *d, int n)
{
	double sum = 0.0;

	for (int k = 0; k < n; k++)
		sum += d->z[k] * d->x[k];
	d->q = sum;
}

/* 4: banded linear equations: three rows, each against every 5th y. */
static void k04(struct lfk_data *d, int n)
{
	const int step = (LFK_LONG - 7) / 2;

	for (int k = 6; k < LFK_LONG; k += step) {
		double acc = d->x[k - 1];
		int lw = k - 6;

		for (int j = 4; j < n; j += 5)
			acc -= d->x[lw++] * d->y[j];
		d->x[k - 1] = d->y[4] * acc;
	}
}

/* 5: tri-diagonal elimination, below the diagonal. */
static void k05(struct lfk_data *d, int n)
{
	for (int i = 1; i < n; i++)
		d->x[i] = d->z[i] * (d->y[i] - d->x[i - 1]);
}

/* 6: general linear recurrence. */
static void k06(struct lfk_data *d, int n)
{
	for (int i = 1; i < n; i++) {
		double acc = 0.01;

		for (int k = 0; k < i; k++)
			acc += d->b[k][i] * d->w[i - k - 1];
		d->w[i] = acc;
	}
}

/* 7: equation of state fragment. */
static void k07(struct lfk_data *d, int n)
{
	const double q = d->q, t = d->t;
#ifdef LFK_WRONG_COEFFICIENT
	const double r = d->r * (1.0 + 1e-9);
#else
	const double r = d->r;
#endif
	const double *u = d->u;

	for (int k = 0; k < n; k++)
		d->x[k] = u[k] + r * (d->z[k] + r * d->y[k]) +
			  t * (u[k + 3] + r * (u[k + 2] + r * u[k + 1]) +
			       t * (u[k + 6] + q * (u[k + 5] + q * u[k + 4])));
}

/* 8: ADI integration: one step of three coupled fields, old plane to new. */
static void k08(struct lfk_data *d, int n)
{
	double (*u1)[5] = d->u1[0], (*u2)[5] = d->u2[0], (*u3)[5] = d->u3[0];
	double (*n1)[5] = d->u1[1], (*n2)[5] = d->u2[1], (*n3)[5] = d->u3[1];

	for (int kx = 1; kx < 3; kx++)
		for (int ky = 1; ky < n; ky++) {
			double d1 = u1[ky + 1][kx] - u1[ky - 1][kx];
			double d2 = u2[ky + 1][kx] - u2[ky - 1][kx];
			double d3 = u3[ky + 1][kx] - u3[ky - 1][kx];

			d->du1[ky] = d1;
			d->du2[ky] = d2;
			d->du3[ky] = d3;
			n1[ky][kx] = u1[ky][kx] + d->a11 * d1 + d->a12 * d2 + d->a13 * d3 +
				d->sig * (u1[ky][kx + 1] - 2.0 * u1[ky][kx] + u1[ky][kx - 1]);
			n2[ky][kx] = u2[ky][kx] + d->a21 * d1 + d->a22 * d2 + d->a23 * d3 +
				d->sig * (u2[ky][kx + 1] - 2.0 * u2[ky][kx] + u2[ky][kx - 1]);
			n3[ky][kx] = u3[ky][kx] + d->a31 * d1 + d->a32 * d2 + d->a33 * d3 +
				d->sig * (u3[ky][kx + 1] - 2.0 * u3[ky][kx] + u3[ky][kx - 1]);
		}
}

/* 9: integrate predictors. */
static void k09(struct lfk_data *d, int n)
{
	for (int i = 0; i < n; i++) {
		double *p = d->px[i];

		p[0] = d->dm28 * p[12] + d->dm27 * p[11] + d->dm26 * p[10] +
		       d->dm25 * p[9] + d->dm24 * p[8] + d->dm23 * p[7] +
		       d->dm22 * p[6] + d->c0 * (p[4] + p[5]) + p[2];
	}
}

/* 10: difference predictors: a cascade of 9 differences along each row. */
static void k10(struct lfk_data *d, int n)
{
	for (int i = 0; i < n; i++) {
		double *p = d->px[i];
		double diff = d->cx[i][4];

		for (int col = 4; col < 13; col++) {
			double next = diff - p[col];

			p[col] = diff;
			diff = next;
		}
		p[13] = diff;
	}
}

/* 11: first sum (prefix sum). */
static void k11(struct lfk_data *d, int n)
{
	d->x[0] = d->y[0];
	for (int k = 1; k < n; k++)
		d->x[k] = d->x[k - 1] + d->y[k];
}

/* 12: first difference. */
static void k12(struct lfk_data *d, int n)
{
	for (int k = 0; k < n; k++)
		d->x[k] = d->y[k + 1] - d->y[k];
}

/* 13: 2-D particle in cell: push each particle, count it in its cell. */
static void k13(struct lfk_data *d, int n)
{
	for (int ip = 0; ip < n; ip++) {
		double *p = d->p[ip];
		long i1 = (long)p[0] & 63, j1 = (long)p[1] & 63, i2, j2;

		p[2] += d->b[j1][i1];
		p[3] += d->c[j1][i1];
		p[0] += p[2];
		p[1] += p[3];
		i2 = ((long)p[0] & 63) - 1;
		j2 = ((long)p[1] & 63) - 1;
		p[0] += d->y[i2 + 32];
		p[1] += d->z[j2 + 32];
		i2 += d->e[i2 + 32];
		j2 += d->f[j2 + 32];
		d->h[j2][i2] += 1.0;
	}
}

/* 14: 1-D particle in cell: gather the field, push, deposit charge. */
static void k14(struct lfk_data *d, int n)
{
	for (int k = 0; k < n; k++) {
		d->vx[k] = 0.0;
		d->xx[k] = 0.0;
		d->ix[k] = (long)d->grd[k];
		d->xi[k] = (double)d->ix[k];
		d->ex1[k] = d->ex[d->ix[k] - 1];
		d->dex1[k] = d->dex[d->ix[k] - 1];
	}
	for (int k = 0; k < n; k++) {
		long cell;

		d->vx[k] = d->vx[k] + d->ex1[k] + (d->xx[k] - d->xi[k]) * d->dex1[k];
		d->xx[k] = d->xx[k] + d->vx[k] + d->flx;
		cell = (long)d->xx[k];
		d->rx[k] = d->xx[k] - (double)cell;
		d->ir[k] = (cell & 2047) + 1;
		d->xx[k] = d->rx[k] + (double)d->ir[k];
	}
	for (int k = 0; k < n; k++) {
		d->rh[d->ir[k] - 1] += 1.0 - d->rx[k];
		d->rh[d->ir[k]] += d->rx[k];
	}
}

static double dmax(double a, double b)
{
	return a > b ? a : b;
}

/* 15: casual Fortran: branchy flux limits over a 7-row grid. */
static void k15(struct lfk_data *d, int n)
{
	const double ar = 0.053, br = 0.073;

	for (int j = 1; j < 7; j++)
		for (int k = 1; k < n; k++) {
			double r, s, t;

			if (j + 1 >= 7) {
				d->vy[j][k] = 0.0;
				continue;
			}
			t = d->vh[j + 1][k] > d->vh[j][k] ? ar : br;
			if (d->vf[j][k] < d->vf[j][k - 1]) {
				r = dmax(d->vh[j][k - 1], d->vh[j + 1][k - 1]);
				s = d->vf[j][k - 1];
			} else {
				r = dmax(d->vh[j][k], d->vh[j + 1][k]);
				s = d->vf[j][k];
			}
			d->vy[j][k] = sqrt(d->vg[j][k] * d->vg[j][k] + r * r) * t / s;
			if (k + 1 >= n) {
				d->vs[j][k] = 0.0;
				continue;
			}
			if (d->vf[j][k] < d->vf[j - 1][k]) {
				r = dmax(d->vg[j - 1][k], d->vg[j - 1][k + 1]);
				s = d->vf[j - 1][k];
				t = br;
			} else {
				r = dmax(d->vg[j][k], d->vg[j][k + 1]);
				s = d->vf[j][k];
				t = ar;
			}
			d->vs[j][k] = sqrt(d->vh[j][k] * d->vh[j][k] + r * r) * t / s;
		}
}

static double sq(double a)
{
	return a * a;
}

/*
 * 16: Monte Carlo search through the zone tables: each probe compares a
 * plan threshold (or, past the span, a distance) with the table's sign;
 * a disagreement moves to the next table, a zero or the end marker stops.
 */
static void k16(struct lfk_data *d, int n)
{
	const long third = n / 3, two_thirds = third + third;
	long table = 1, j5 = 0;

	for (;;) {
		long j2 = (long)(n + n) * (table - 1) + 1;
		int next_table = 0;

		for (long k = 1; k <= n; k++) {
			long j4 = j2 + k + k, sel;
			double tmp;

			d->k2++;
			j5 = d->zone[j4 - 1];
			if (j5 == n)
				goto done;
			if (j5 < n) {
				double lim = j5 + two_thirds < n ? d->t :
					     j5 + third < n ? d->s : d->r;

				tmp = d->plan[j5 - 1] - lim;
			} else {
				d->k3++;
				tmp = d->d[j5 - 1] - (d->d[j5 - 2] * sq(d->t - d->d[j5 - 3]) +
						      sq(d->s - d->d[j5 - 4]) +
						      sq(d->r - d->d[j5 - 5]));
			}
			sel = d->zone[j4 - 2];
			if (tmp == 0.0 || sel == 0)
				goto done;
			if ((tmp < 0.0) == (sel < 0))
				continue;
			next_table = 1;
			break;
		}
		if (!next_table)
			break;
		if (++table > d->zone[0])
			table = 1;
		if (table == 1)
			break;
	}
done:
	d->m16 = table;
	d->j5 = j5;
}

/* 17: implicit conditional computation, sweeping down from n-1 to 1. */
static void k17(struct lfk_data *d, int n)
{
	const double scale = 5.0 / 3.0;
	double xnm = 1.0 / 3.0, e6 = 1.03 / 3.07;

	for (int i = n - 1; i != 0; i--) {
		double e3 = xnm * d->vlr[i] + d->vlin[i];
		double xnei = d->vxne[i], xnc = scale * e3;

		d->vxnd[i] = e6;
		if (xnm > xnc || xnei > xnc) {
			e6 = xnm * d->vsp[i] + d->vstp[i];
			d->vxne[i] = e6;
			xnm = e6;
			d->ve3[i] = e6;
		} else {
			d->ve3[i] = e3;
			e6 = e3 + e3 - xnm;
			d->vxne[i] = e3 + e3 - xnei;
			xnm = e6;
		}
	}
	d->xnm = xnm;
}

/* 18: 2-D explicit hydrodynamics fragment. */
static void k18(struct lfk_data *d, int n)
{
	const double t = 0.0037, s = 0.0041;
	double (*za)[LFK_COLS] = d->za, (*zb)[LFK_COLS] = d->zb;
	double (*zp)[LFK_COLS] = d->zp, (*zq)[LFK_COLS] = d->zq;
	double (*zr)[LFK_COLS] = d->zr, (*zm)[LFK_COLS] = d->zm;
	double (*zu)[LFK_COLS] = d->zu, (*zv)[LFK_COLS] = d->zv;
	double (*zz)[LFK_COLS] = d->zz;

	for (int k = 1; k < 6; k++)
		for (int j = 1; j < n; j++) {
			za[k][j] = (zp[k + 1][j - 1] + zq[k + 1][j - 1] - zp[k][j - 1] -
				    zq[k][j - 1]) * (zr[k][j] + zr[k][j - 1]) /
				   (zm[k][j - 1] + zm[k + 1][j - 1]);
			zb[k][j] = (zp[k][j - 1] + zq[k][j - 1] - zp[k][j] - zq[k][j]) *
				   (zr[k][j] + zr[k - 1][j]) / (zm[k][j] + zm[k][j - 1]);
		}
	for (int k = 1; k < 6; k++)
		for (int j = 1; j < n; j++) {
			zu[k][j] += s * (za[k][j] * (zz[k][j] - zz[k][j + 1]) -
					 za[k][j - 1] * (zz[k][j] - zz[k][j - 1]) -
					 zb[k][j] * (zz[k][j] - zz[k - 1][j]) +
					 zb[k + 1][j] * (zz[k][j] - zz[k + 1][j]));
			zv[k][j] += s * (za[k][j] * (zr[k][j] - zr[k][j + 1]) -
					 za[k][j - 1] * (zr[k][j] - zr[k][j - 1]) -
					 zb[k][j] * (zr[k][j] - zr[k - 1][j]) +
					 zb[k + 1][j] * (zr[k][j] - zr[k + 1][j]));
		}
	for (int k = 1; k < 6; k++)
		for (int j = 1; j < n; j++) {
			zr[k][j] = zr[k][j] + t * zu[k][j];
			zz[k][j] = zz[k][j] + t * zv[k][j];
		}
}

/* 19: general linear recurrence, forward then backward. */
static void k19(struct lfk_data *d, int n)
{
	double stb5 = d->stb5;

	for (int k = 0; k < n; k++) {
		d->b5[k] = d->sa[k] + stb5 * d->sb[k];
		stb5 = d->b5[k] - stb5;
	}
	for (int k = n - 1; k >= 0; k--) {
		d->b5[k] = d->sa[k] + stb5 * d->sb[k];
		stb5 = d->b5[k] - stb5;
	}
	d->stb5 = stb5;
}

/* 20: discrete ordinates transport: a conditional recurrence on xx. */
static void k20(struct lfk_data *d, int n)
{
	for (int k = 0; k < n; k++) {
		double di = d->y[k] - d->g[k] / (d->xx[k] + d->dk), dn = 0.2;

		if (di != 0.0) {
			dn = d->z[k] / di;
			if (d->t < dn)
				dn = d->t;
			if (d->s > dn)
				dn = d->s;
		}
		d->x[k] = ((d->w[k] + d->v[k] * dn) * d->xx[k] + d->u[k]) /
			  (d->vx[k] + d->v[k] * dn);
		d->xx[k + 1] = (d->x[k] - d->xx[k]) * dn + d->xx[k];
	}
}

/* 21: matrix * matrix product, accumulated into px. */
static void k21(struct lfk_data *d, int n)
{
	for (int k = 0; k < 25; k++)
		for (int i = 0; i < 25; i++)
			for (int j = 0; j < n; j++)
				d->px[j][i] += d->vy[k][i] * d->cx[j][k];
}

/* 22: Planckian distribution. */
static void k22(struct lfk_data *d, int n)
{
	for (int k = 0; k < n; k++) {
		d->y[k] = d->u[k] / d->v[k];
		d->w[k] = d->x[k] / (exp(d->y[k]) - 1.0);
	}
}

/* 23: 2-D implicit hydrodynamics fragment (relaxation in place). */
static void k23(struct lfk_data *d, int n)
{
	double (*za)[LFK_COLS] = d->za;

	for (int j = 1; j < 6; j++)
		for (int k = 1; k < n; k++) {
			double qa = za[j + 1][k] * d->zr[j][k] + za[j - 1][k] * d->zb[j][k] +
				    za[j][k + 1] * d->zu[j][k] + za[j][k - 1] * d->zv[j][k] +
				    d->zz[j][k];

			za[j][k] += 0.175 * (qa - za[j][k]);
		}
}

/* 24: location of the first minimum. */
static void k24(struct lfk_data *d, int n)
{
	long m = 0;

	for (int k = 1; k < n; k++)
		if (d->x[k] < d->x[m])
			m = k;
	d->m24 = m;
}

typedef void lfk_kernel(struct lfk_data *d, int n);

static lfk_kernel *const kernels[LFK_LOOPS] = {
	k01, k02, k03, k04, k05, k06, k07, k08, k09, k10, k11, k12,
	k13, k14, k15, k16, k17, k18, k19, k20, k21, k22, k23, k24,
};

void lfk_run(struct lfk_data *d, int loop, int n, long reps)
{
	lfk_kernel *k = kernels[loop - 1];

	for (long i = 0; i < reps; i++)
		k(d, n);
}
