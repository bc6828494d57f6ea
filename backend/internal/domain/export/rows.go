package export

import "time"

// CheckResultRow is one answer of a check sheet, as the CHECK_RESULT sheet
// writes it.
type CheckResultRow struct {
	AnswerID       int64
	FacilityID     int64
	GroupPath      string // "/1/4/9/": names are looked up once per export
	FacilityName   string
	ExternalDataID string
	CheckListName  string
	PeriodFrom     time.Time
	PeriodTo       time.Time
	Category       string
	Question       string
	Choice         string
	Score          *int
	Inapplicable   bool
	Comment        string
	PhotoCount     int
	InputDate      *time.Time
	Submitted      bool
	UserName       string // who submitted the sheet
}

// SurveyQuestion is one column of a SURVEY_ANSWER sheet.
type SurveyQuestion struct {
	ID   int64
	Text string
}

// SurveyAnswerRow is one submitted answer with its values by question.
type SurveyAnswerRow struct {
	AnswerID       int64
	AnsweredAt     time.Time
	GroupPath      string
	FacilityName   string
	ExternalDataID string
	NPSScore       *int
	MailAddress    string
	Values         map[int64][]string // question id → the chosen choices or the written text
}

// OperationRow is one operation history record.
type OperationRow struct {
	At          time.Time
	UserAccount string
	Operation   string
	TargetType  string
	TargetID    *int64
	Detail      string
	IPAddress   string
}

// Photo is one photo that travels in an export's ZIP.
type Photo struct {
	StorageKey   string
	ContentType  string
	FacilityName string
	Date         time.Time // the answer's input date, else the period's start
	Label        string    // e.g. the item's position and question, for the file name
}
