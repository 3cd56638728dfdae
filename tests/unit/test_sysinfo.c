// SPDX-License-Identifier: MIT
/* sysinfo against fixture trees of a Pi 3, a Pi 4 and an x86 desktop. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "sysinfo.h"
#include "util.h"
#include "../tools/jsoncheck.h"

static void fixture(struct bk_sysinfo *si, const char *name)
{
	const char *base = getenv("BURNKIT_FIXTURES");
	char root[512];

	snprintf(root, sizeof(root), "%s/%s", base ? base : "tests/unit/fixtures", name);
	bk_sysinfo_read(si, root);
}

static const char *boot(const struct bk_sysinfo *si, const char *key)
{
	for (int i = 0; i < si->nboot; i++)
		if (!strcmp(si->boot[i].key, key))
			return si->boot[i].value;
	return NULL;
}

static void json_ok(const struct bk_sysinfo *si)
{
	struct bk_json j;
	char err[256];

	bk_json_init(&j);
	bk_json_object_begin(&j, NULL);
	bk_sysinfo_json(si, &j, "system");
	bk_json_object_end(&j);
	const char *t = bk_json_text(&j);
	cr_assert_eq(jsoncheck(t, strlen(t), err, sizeof(err)), 0, "%s: %s", err, t);
	bk_json_free(&j);
}

Test(sysinfo, pi3_32bit)
{
	struct bk_sysinfo si;

	fixture(&si, "pi3");
	cr_assert_str_eq(si.board, "Raspberry Pi 3 Model B Rev 1.2");
	cr_assert(bk_sysinfo_is_rpi(&si));
	cr_assert_str_eq(si.cpu_model, "ARM Cortex-A53", "the part number names the core");
	cr_assert(strstr(si.cpu_features, "neon"));
	cr_assert_str_eq(si.hardware, "BCM2835");
	cr_assert_str_eq(si.revision, "a02082");
	cr_assert_eq(si.cpus_online, 4);
	cr_assert_eq(si.mem_total, 948280ull * 1024);
	cr_assert_eq(si.mem_available, 781244ull * 1024);
	cr_assert_eq(si.swap_total, 102396ull * 1024);
	cr_assert_eq(si.ncpufreq, 4);
	cr_assert_eq(si.cpufreq[0].max_khz, 1300000);
	cr_assert_str_eq(si.cpufreq[0].governor, "ondemand");
	cr_assert_eq(si.nzones, 1);
	cr_assert_float_eq(si.zones[0].temp_c, 48.312, 1e-9);
	cr_assert_str_eq(si.boot_config, "/boot/config.txt");
	cr_assert_str_eq(boot(&si, "arm_freq"), "1300", "commented line must not count");
	cr_assert_str_eq(boot(&si, "core_freq"), "500");
	cr_assert_str_eq(boot(&si, "sdram_freq"), "500");
	cr_assert_str_eq(boot(&si, "over_voltage"), "4");
	cr_assert(strstr(si.kernel, "6.1.21-v7+"));
	cr_assert_str_eq(si.missing, "");
	json_ok(&si);
}

Test(sysinfo, pi4_64bit_bookworm)
{
	struct bk_sysinfo si;
	char text[4096];

	fixture(&si, "pi4");
	cr_assert_str_eq(si.board, "Raspberry Pi 4 Model B Rev 1.4");
	cr_assert_str_eq(si.cpu_model, "ARM Cortex-A72");
	cr_assert(strstr(si.cpu_features, "asimd"));
	cr_assert_str_eq(si.revision, "c03114");
	cr_assert_eq(si.cpus_online, 4);
	cr_assert_str_eq(si.boot_config, "/boot/firmware/config.txt");
	cr_assert_str_eq(boot(&si, "arm_freq"), "1800");
	cr_assert_str_eq(boot(&si, "over_voltage"), "6");
	cr_assert_str_eq(boot(&si, "arm_64bit"), "1");
	cr_assert_null(boot(&si, "sdram_freq"));
	cr_assert_float_eq(si.zones[0].temp_c, 61.334, 1e-9);
	bk_sysinfo_text(&si, text, sizeof(text));
	cr_assert(strstr(text, "MHz and Voltage Settings"), "%s", text);
	cr_assert(strstr(text, " arm_freq=1800\n"), "%s", text);
	json_ok(&si);
}

Test(sysinfo, x86_desktop)
{
	struct bk_sysinfo si;

	fixture(&si, "x86");
	cr_assert_not(bk_sysinfo_is_rpi(&si));
	cr_assert_str_eq(si.cpu_model, "Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz");
	cr_assert_str_eq(si.board, "OptiPlex 7060");
	cr_assert(strstr(si.cpu_features, " avx2 "));
	cr_assert_eq(si.cpus_online, 4);
	cr_assert_eq(si.nzones, 2);
	cr_assert_str_eq(si.zones[1].type, "x86_pkg_temp");
	cr_assert_eq(si.nboot, 0);
	cr_assert_str_eq(si.boot_config, "");
	cr_assert_eq(si.cpufreq[0].max_khz, 4600000);
	cr_assert_str_eq(si.missing, "", "%s", si.missing);
	json_ok(&si);
}

Test(sysinfo, empty_tree_reports_missing_and_does_not_crash)
{
	struct bk_sysinfo si;
	char text[4096];

	bk_sysinfo_read(&si, "/nonexistent-burnkit-root");
	cr_assert(strstr(si.missing, "/proc/cpuinfo unreadable"), "%s", si.missing);
	cr_assert(strstr(si.missing, "/proc/meminfo unreadable"), "%s", si.missing);
	cr_assert(strstr(si.missing, "thermal zones: none"), "%s", si.missing);
	cr_assert_eq(si.nzones, 0);
	bk_sysinfo_text(&si, text, sizeof(text));
	cr_assert(strstr(text, "CPU      unknown"), "%s", text);
	json_ok(&si);
}

/* Every reader of the machine's files takes its root from bk_sysroot. */
Test(sysinfo, root_is_the_argument_then_the_environment_then_live)
{
	struct bk_sysinfo si;

	setenv("BURNKIT_SYSROOT", "/from-the-environment", 1);
	cr_assert_str_eq(bk_sysroot("/given"), "/given");
	cr_assert_str_eq(bk_sysroot(""), "");
	cr_assert_str_eq(bk_sysroot(NULL), "/from-the-environment");
	bk_sysinfo_read(&si, NULL);
	cr_assert_str_eq(si.root, "/from-the-environment");
	cr_assert(strstr(si.missing, "/proc/cpuinfo unreadable"), "%s", si.missing);
	unsetenv("BURNKIT_SYSROOT");
	cr_assert_str_eq(bk_sysroot(NULL), "");
}
