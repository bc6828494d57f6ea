package http

import "reflect"

// inputOf is an update's body as its create body: every field of In taken
// from the same-named field of update (an update is the create body plus
// the version it edits). Written once so that a field the contract adds to
// both cannot be dropped by an update handler's hand-written copy (one
// once dropped a check list's closing-day rule on every edit);
// TestUpdatesCarryEveryInputField checks that each update has them all.
func inputOf[In any](update any) In {
	var in In
	dst := reflect.ValueOf(&in).Elem()
	src := reflect.ValueOf(update)
	for i := range dst.NumField() {
		name := dst.Type().Field(i).Name
		if from := src.FieldByName(name); from.IsValid() && from.Type().ConvertibleTo(dst.Field(i).Type()) {
			dst.Field(i).Set(from.Convert(dst.Field(i).Type()))
		}
	}
	return in
}
