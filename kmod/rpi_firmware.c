// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * The Raspberry Pi firmware's property interface, when its driver is there:
 * the measured ARM clock and the throttled state come from the firmware,
 * which throttles behind cpufreq's back.
 *
 * A firmware that does not know a tag (older firmware; QEMU's model answers
 * no GET_CLOCK_MEASURED, and GET_THROTTLED only from 9.0 on) still answers
 * the message as a whole and leaves the tag's value untouched, so a zeroed
 * value is no answer: the tag's own response word tells. It has bit 31 set
 * and the length of the value written back in the low bits; anything else
 * reads as unsupported (-EOPNOTSUPP).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bits.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/of.h>
#include <linux/string.h>
#include <soc/bcm2835/raspberrypi-firmware.h>
#include <burnkit/abi.h>

#include "rpi_firmware.h"

#define BK_RPI_ARM_CLOCK_ID	3	/* the firmware's id of the ARM clock */

static struct rpi_firmware *bk_fw;

bool bk_rpi_present(void)
{
	return !!bk_fw;
}

#define BK_RPI_RESPONSE	BIT(31)	/* set in a tag's size word once answered */

/* One tag with a value of up to two words, as the firmware reads it. */
struct bk_rpi_msg {
	struct rpi_firmware_property_tag_header hdr;
	u32 value[2];
};

/*
 * Send TAG with the first LEN bytes of DATA as its request; on an answer
 * of at least LEN bytes, DATA holds the firmware's value.
 */
static int bk_rpi_property(u32 tag, u32 *data, size_t len)
{
	struct bk_rpi_msg msg = {
		.hdr = { .tag = tag, .buf_size = sizeof(msg.value),
			 .req_resp_size = len },
	};
	u32 resp;
	int ret;

	if (!bk_fw)
		return -ENODEV;
	if (WARN_ON_ONCE(len > sizeof(msg.value)))
		return -EINVAL;
	memcpy(msg.value, data, len);
	ret = rpi_firmware_property_list(bk_fw, &msg, sizeof(msg));
	if (ret)
		return ret;
	resp = msg.hdr.req_resp_size;
	if (!(resp & BK_RPI_RESPONSE) || (resp & ~BK_RPI_RESPONSE) < len)
		return -EOPNOTSUPP;
	memcpy(data, msg.value, len);
	return 0;
}

static int bk_rpi_clock(u32 tag, u32 *hz)
{
	u32 packet[2] = { BK_RPI_ARM_CLOCK_ID, 0 };
	int ret = bk_rpi_property(tag, packet, sizeof(packet));

	if (ret)
		return ret;
	if (packet[0] != BK_RPI_ARM_CLOCK_ID || !packet[1])
		return -EOPNOTSUPP;	/* a clock it does not know reads 0 */
	*hz = packet[1];
	return 0;
}

int bk_rpi_arm_clock_hz(u32 *hz, const char **kind)
{
	int ret = bk_rpi_clock(RPI_FIRMWARE_GET_CLOCK_MEASURED, hz);

	if (!ret) {
		*kind = "measured";
		return 0;
	}
	/* The rate the firmware set: true, but not what the CPU achieved. */
	ret = bk_rpi_clock(RPI_FIRMWARE_GET_CLOCK_RATE, hz);
	*kind = ret ? BURNKIT_UNSUPPORTED : "set";
	return ret;
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
