// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * The Raspberry Pi firmware's property interface, when its driver is there:
 * the measured ARM clock and the throttled state come from the firmware,
 * which throttles behind cpufreq's back.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/of.h>
#include <soc/bcm2835/raspberrypi-firmware.h>

#include "burnkit.h"

#define BK_RPI_ARM_CLOCK_ID	3	/* the firmware's id of the ARM clock */

static struct rpi_firmware *bk_fw;

bool bk_rpi_present(void)
{
	return bk_fw != NULL;
}

static int bk_rpi_property(u32 tag, u32 *data, size_t len)
{
	if (!bk_fw)
		return -ENODEV;
	return rpi_firmware_property(bk_fw, tag, data, len);
}

int bk_rpi_arm_clock_hz(u32 *hz)
{
	u32 packet[2] = { BK_RPI_ARM_CLOCK_ID, 0 };
	int ret = bk_rpi_property(RPI_FIRMWARE_GET_CLOCK_MEASURED, packet,
				  sizeof(packet));

	if (ret)
		return ret;
	*hz = packet[1];
	return 0;
}

int bk_rpi_throttled(u32 *bits)
{
	u32 value = 0;
	int ret = bk_rpi_property(RPI_FIRMWARE_GET_THROTTLED, &value,
				  sizeof(value));

	if (ret)
		return ret;
	*bits = value;
	return 0;
}

void bk_rpi_init(void)
{
	struct device_node *np;

	if (!IS_ENABLED(CONFIG_RASPBERRYPI_FIRMWARE))
		return;
	np = of_find_compatible_node(NULL, NULL, "raspberrypi,bcm2835-firmware");
	if (!np)
		return;
	bk_fw = rpi_firmware_get(np);
	of_node_put(np);
	if (bk_fw)
		pr_info("Raspberry Pi firmware found\n");
}

void bk_rpi_exit(void)
{
	if (bk_fw)
		rpi_firmware_put(bk_fw);
	bk_fw = NULL;
}
