// SPDX-License-Identifier: MIT
/*
 * speed_small: drivespeed's last section, 500 small files of each size from
 * 2 KB up, written, read (every byte checked) and deleted; MB/s and ms per
 * file, syscall time only.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "speed.h"

/* One size of small files: written, read (checked), deleted; syscall time only. */
static int small_size(struct speed *s, unsigned kb, void *buf, double out[5], int *from_ram,
		      struct bk_residency *in_ram)
{
	struct bk_drive_env *e = &s->env;
	size_t bytes = (size_t)kb * 1024;
	int direct = s->cached ? 0 : bk_drive_flags(e);
	uint32_t first = s->next_file + 1;
	double tw = 0, tr = 0, td;
	char err[1024], name[40];
	uint64_t t0, resident = 0;

	*from_ram = e->ram_fs;
	for (unsigned i = 0; i < s->small_files; i++) {
		struct tfile f;
		int fd, rc;

		speed_tfile_init(s, &f, "small", i, 5, bytes);
		bk_layout_fill(&f.l, buf, 0, bytes);
		t0 = bk_now_ns();
		fd = bk_workdir_create(&e->wd, f.name, O_WRONLY | direct, err, sizeof(err));
		if (fd < 0) {
			pr_fail("%s", err);
			return BK_EXIT_ENV;
		}
		rc = bk_pwrite_full(fd, buf, bytes, 0, &e->counts);
		if (rc == -EINVAL && direct) {
			/* This size is below what direct I/O takes here: buffered. */
			direct = 0;
			close(fd);
			bk_workdir_unlink(&e->wd, f.name);
			s->next_file--;
			i--;
			continue;
		}
		close(fd);
		tw += (double)(bk_now_ns() - t0) / 1e9;
		if (rc)
			return bk_drive_io_failed(e, "writing", f.name, -rc, 0);
		if (bk_stop_requested())
			return BK_EXIT_INTERRUPTED;
	}
	/* Dropped from the cache first (buffered files), what stayed is counted. */
	for (unsigned i = 0; i < s->small_files; i++) {
		struct bk_residency r;
		int fd;

		snprintf(name, sizeof(name), "small%05u.dat", i);
		fd = bk_workdir_open_file(&e->wd, name, O_RDONLY, err, sizeof(err));
		if (fd < 0)
			continue;
		bk_drive_settle(e, name, fd, 0, &r);
		bk_drive_residency_add(in_ram, &r);
		resident += r.resident;
		close(fd);
	}
	*from_ram |= resident > 0;
	e->phase = "small files";
	for (unsigned i = 0; i < s->small_files; i++) {
		struct bk_layout l = { first + i, e->run_id, BLOCK, speed_pattern, &l };
		int fd, rc;

		snprintf(name, sizeof(name), "small%05u.dat", i);
		e->file_name = name;
		t0 = bk_now_ns();
		fd = bk_workdir_open_file(&e->wd, name, O_RDONLY | direct, err, sizeof(err));
		if (fd < 0) {
			pr_fail("%s", err);
			return BK_EXIT_FAULT;
		}
		rc = bk_pread_full(fd, buf, bytes, 0, &e->counts);
		close(fd);
		tr += (double)(bk_now_ns() - t0) / 1e9;
		if (rc)
			return bk_drive_io_failed(e, "reading", name, -rc, 0);
		bk_verify(&e->ver, &l, buf, 0, bytes);
		if (bk_verifier_full(&e->ver))
			return BK_EXIT_FAULT;
		if (bk_stop_requested())
			return BK_EXIT_INTERRUPTED;
	}
	t0 = bk_now_ns();
	for (unsigned i = 0; i < s->small_files; i++) {
		snprintf(name, sizeof(name), "small%05u.dat", i);
		bk_workdir_unlink(&e->wd, name);
	}
	td = (double)(bk_now_ns() - t0) / 1e9;
	out[0] = speed_rate((uint64_t)bytes * s->small_files, tw);
	out[1] = tw * 1000 / s->small_files;
	out[2] = speed_rate((uint64_t)bytes * s->small_files, tr);
	out[3] = tr * 1000 / s->small_files;
	out[4] = td;
	return BK_EXIT_OK;
}

int speed_small_files(struct speed *s)
{
	struct bk_log *log = &s->ctx->log;
	unsigned max_kb = 8 * s->mb;
	void *buf = bk_dio_alloc((size_t)max_kb * 1024);
	int rc = BK_EXIT_OK;
	struct bk_residency in_ram = { 0 };
	char rtext[128];

	if (!buf) {
		pr_fail("out of memory for a %u KB buffer", max_kb);
		return BK_EXIT_ENV;
	}
	bk_out(log, "\n %u Files      Write               Read            Delete\n",
	       s->small_files);
	bk_out(log, " File KB   MB/sec  ms/File    MB/sec  ms/File    Seconds\n");
	for (unsigned kb = 2; kb <= max_kb && !rc; kb *= 2) {
		double v[5] = { 0 };
		int ram = 0;
		struct bk_json j;

		rc = small_size(s, kb, buf, v, &ram, &in_ram);
		if (rc)
			break;
		bk_out(log, " %6u %8.2f %8.3f %9.2f%s %7.3f %10.3f\n", kb, v[0], v[1], v[2],
		       ram ? "*" : " ", v[3], v[4]);
		s->footnote |= ram;
		bk_drive_printed(&s->env);
		bk_json_init(&j);
		bk_rec_begin(log, &j, "small_files");
		bk_json_uint(&j, "kb", kb);
		bk_json_uint(&j, "files", s->small_files);
		bk_json_realp(&j, "write_mb_per_s", v[0], 6);
		bk_json_realp(&j, "write_ms_per_file", v[1], 6);
		bk_json_realp(&j, "read_mb_per_s", v[2], 6);
		bk_json_realp(&j, "read_ms_per_file", v[3], 6);
		bk_json_realp(&j, "delete_seconds", v[4], 6);
		bk_json_bool(&j, "cached", ram);
		bk_rec_end(log, &j);
		bk_json_free(&j);
	}
	bk_drive_residency_text(&in_ram, rtext, sizeof(rtext));
	bk_out(log, " In RAM before reading: %s (all sizes)\n", rtext);
	free(buf);
	return rc;
}
