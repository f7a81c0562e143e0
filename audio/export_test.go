package audio

// Helpers only the tests use (no program reaches them).

// newResampler designs the filter for rate → SampleRate.
func newResampler(rate int) *resampler { return newResamplerBetween(rate, SampleRate) }

// RollDice is retail Random::RollDice(float lo, float hi) on d (T4): lo == hi
// returns lo without a draw; hi < lo swaps them; else u·(hi − lo) + lo, each
// step rounded to float32.
func RollDice(d Dice, lo, hi float32) float32 {
	if lo == hi {
		return lo
	}
	return diceValue(d.Roll(), lo, hi)
}
