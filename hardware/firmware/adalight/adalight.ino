// Schiri's Adalight receiver, for boards without WLED (Arduino Uno/Nano, ESP32, ...).
// Stock protocol, nothing of Schiri's own: any Adalight host can drive it.
//
//   'A' 'd' 'a' hi lo chk  R G B x N      hi:lo = N - 1, chk = hi ^ lo ^ 0x55
//
// It prints "Ada" at start (the host then resends its current frame), shows each frame until the
// next one, and drops a frame cut short for 100 ms (a pulled cable) instead of shifting the next.
// Needs the FastLED library (Arduino IDE: Tools > Manage Libraries > FastLED).
#include <FastLED.h>

#define LED_PIN 6            // data to the strip, through a 330 ohm resistor (ESP32: e.g. 16)
#define NUM_LEDS 64          // at least the "leds" of your layout
#define COLOR_ORDER GRB      // WS2812B
#define BAUD 115200          // schiri led --baud, if you change it
#define SUPPLY_MILLIAMPS 1000 // what your 5 V supply gives: FastLED's own limiter, a second guard

CRGB leds[NUM_LEDS];

// The next byte, or -1 when none came for 100 ms.
static int nextByte() {
  unsigned long start = millis();
  while (!Serial.available()) {
    if (millis() - start > 100) return -1;
  }
  return Serial.read();
}

void setup() {
  FastLED.addLeds<WS2812B, LED_PIN, COLOR_ORDER>(leds, NUM_LEDS);
  FastLED.setMaxPowerInVoltsAndMilliamps(5, SUPPLY_MILLIAMPS);
  FastLED.clear(true);
  Serial.begin(BAUD);
  Serial.print("Ada\n");
}

void loop() {
  // Hunt for the magic word one byte at a time, so a frame's data never passes for a header.
  if (nextByte() != 'A') return;
  if (nextByte() != 'd') return;
  if (nextByte() != 'a') return;
  int hi = nextByte(), lo = nextByte(), chk = nextByte();
  if (hi < 0 || lo < 0 || chk < 0 || chk != (hi ^ lo ^ 0x55)) return;
  unsigned count = ((unsigned)hi << 8 | (unsigned)lo) + 1;
  for (unsigned i = 0; i < count; i++) {
    int r = nextByte(), g = nextByte(), b = nextByte();
    if (r < 0 || g < 0 || b < 0) return;  // cut short: keep showing the last whole frame
    if (i < NUM_LEDS) leds[i] = CRGB(r, g, b);
  }
  for (unsigned i = count; i < NUM_LEDS; i++) leds[i] = CRGB::Black;
  FastLED.show();
}
