package dat

// The record kinds whose values are validated, one row each: the commands
// run a row's Problems on every record they read (Archive's accessors pass
// it to record), and `soundworld check` runs the same row on every record of
// the files (CheckOf), so check reports every damage a command trips over.
// A new record kind plugs in with one row here and its accessor's Problems.

// RecordCheck is one record kind's validation.
type RecordCheck struct {
	Name string // "Scene"
	Kind string // problem kind of a record that does not parse or holds another id
	// Validate parses raw and returns the id it holds and its value
	// problems (File left empty), or the parse error.
	Validate func(raw []byte) (id uint32, probs []Problem, err error)
}

// validator builds a Validate from a parser, the parsed id and its Problems.
func validator[T any](parse func([]byte) (*T, error), idOf func(*T) uint32, problems func(*T, []byte) []Problem) func([]byte) (uint32, []Problem, error) {
	return func(raw []byte) (uint32, []Problem, error) {
		v, err := parse(raw)
		if err != nil {
			return 0, nil, err
		}
		return idOf(v), problems(v, raw), nil
	}
}

// portalChecks are the portal dat's object record kinds by type byte.
var portalChecks = map[uint32]RecordCheck{
	typeSetup:         {"Setup", KindBadSetup, validator(ParseSetup, func(v *Setup) uint32 { return v.ID }, (*Setup).Problems)},
	typeAnimation:     {"Animation", KindBadRecord, validator(ParseAnimation, func(v *Animation) uint32 { return v.ID }, (*Animation).Problems)},
	typeScene:         {"Scene", KindBadRecord, validator(ParseScene, func(v *Scene) uint32 { return v.ID }, (*Scene).Problems)},
	typeMotionTable:   {"MotionTable", KindBadRecord, validator(ParseMotionTable, func(v *MotionTable) uint32 { return v.ID }, (*MotionTable).Problems)},
	typePhysicsScript: {"PhysicsScript", KindBadRecord, validator(ParsePhysicsScript, func(v *PhysicsScript) uint32 { return v.ID }, (*PhysicsScript).Problems)},
}

var envCellCheck = RecordCheck{"EnvCell", KindBadRecord, validator(ParseEnvCell, func(v *EnvCell) uint32 { return v.ID }, (*EnvCell).Problems)}

// CheckOf is the validation of record id in a file of role "portal" or
// "cell" (ok false: a kind validated elsewhere or not at all).
func CheckOf(role string, id uint32) (RecordCheck, bool) {
	if role == "cell" {
		if IsEnvCellID(id) {
			return envCellCheck, true
		}
		return RecordCheck{}, false
	}
	c, ok := portalChecks[id>>24]
	return c, ok
}
