package checklist

// Progress of a store on one check list in one period (docs/product/constants.md).
type Progress string

const (
	Unchecked  Progress = "UNCHECKED"
	InProgress Progress = "IN_PROGRESS"
	Checked    Progress = "CHECKED"
)

// ProgressOf derives progress from counts: UNCHECKED while nothing is
// answered (remaining is at least the total), IN_PROGRESS while some remain,
// otherwise CHECKED.
func ProgressOf(total, answered int) Progress {
	remaining := total - answered
	switch {
	case remaining >= total:
		return Unchecked
	case remaining > 0:
		return InProgress
	default:
		return Checked
	}
}
