"""Which serial ports there are, and a plain message when the Pico is not on
the one given (make deploy, python -m host_sim link)."""
import os
import sys

# Raspberry Pi's USB vendor id: MicroPython on a Pico shows up with it.
RASPBERRY_PI_VID = 0x2E8A


def serial_ports():
    """(device, description) of every serial port pyserial sees, a Pico's
    (Raspberry Pi's vendor id) first."""
    from serial.tools import list_ports
    found = sorted(list_ports.comports(),
                   key=lambda p: (getattr(p, "vid", None) != RASPBERRY_PI_VID, p.device))
    return [(p.device, p.description or "") for p in found]


def present(port):
    """False when there is certainly no device on port: a path that does not
    exist, or (Windows) a COM name pyserial does not list."""
    if sys.platform.startswith("win"):
        return port.upper() in [d.upper() for d, _ in serial_ports()]
    return os.path.exists(port)


def no_pico(port, ports=None):
    """The message for a port with no Pico on it, listing what there is."""
    ports = serial_ports() if ports is None else ports
    lines = ["no Pico was found on %s." % port]
    if ports:
        lines.append("The serial ports pyserial sees:")
        for dev, desc in ports:
            lines.append("  %s%s" % (dev, "  (%s)" % desc if desc and desc != "n/a" else ""))
        lines.append("Name the Pico's with PORT=... (it is often /dev/ttyACM0 on Linux, "
                     "/dev/cu.usbmodem... on macOS, COM3 or similar on Windows).")
    else:
        lines.append("pyserial sees no serial ports at all.")
    lines.append("Is the Pico plugged in with a data cable (not a charge-only one), "
                 "with MicroPython on it?")
    return "\n".join(lines)
