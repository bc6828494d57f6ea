package survey

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
	"time"

	v "github.com/go-ozzo/ozzo-validation/v4"

	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/validation"
)

// Reward types.
const (
	RewardNone  = "NONE"
	RewardImage = "IMAGE" // an image coupon shown on the thank-you screen
	RewardLink  = "LINK"  // a link shown on the thank-you screen
)

// Answer limits: how often one browser may answer.
const (
	LimitOnce      = "ONCE"      // once
	LimitDays      = "DAYS"      // once per AnswerLimitDays days (Tokyo calendar days)
	LimitUnlimited = "UNLIMITED" // any number of times
)

// Answer limit ranges: what "once" counts over.
const (
	RangeFacility = "FACILITY" // per store: a browser may answer once at each store
	RangeSurvey   = "SURVEY"   // across the survey: once, whichever store
)

// Category types. The first three come first and once each.
const (
	CategoryNPS       = "NPS"
	CategoryAttribute = "ATTRIBUTE"
	CategoryMail      = "MAIL"
	CategoryNormal    = "NORMAL"
)

// Question types.
const (
	QuestionNPS      = "NPS"             // 0–10 recommendation
	QuestionSingle   = "SINGLE_CHOICE"   // one of the choices
	QuestionMultiple = "MULTIPLE_CHOICE" // one or more of the choices
	QuestionRating   = "RATING"          // 1–5
	QuestionFreeText = "FREE_TEXT"       // up to MaxFreeText characters
	QuestionMail     = "MAIL"            // a mail address, kept only with consent
)

// Size limits of the editor and of an answer.
const (
	MaxNameLength        = 100
	MaxTitleLength       = 100
	MaxDescriptionLength = 2000
	MaxTermsLength       = 10000
	MaxImageDataLength   = 700_000 // base64 of about 500 KB
	MaxRewardLinkName    = 100
	MaxRewardURL         = 1000
	MaxCategoryName      = 100
	MaxQuestionText      = 500
	MaxChoices           = 20
	MaxChoiceLength      = 100
	MaxCategories        = 30
	MaxQuestions         = 100
	MaxFreeText          = 1000
	MaxMailAddress       = 256
	MaxAnswerLimitDays   = 365
	MaxBodyBytes         = 64 << 10 // a public answer's request body
)

// Survey is a customer survey: what it asks, at which stores, and when.
type Survey struct {
	ID                            int64
	OrganizationID                int64
	Name                          string // the editor's name for it
	Title                         string // what the customer sees
	Description                   string
	TermsOfService                string
	IconData                      string // base64
	IconMediaType                 string
	RewardType                    string
	RewardImageData               string
	RewardImageMediaType          string
	RewardLinkName                string
	RewardURL                     string
	Period                        Period
	AnswerLimit                   string
	AnswerLimitDays               int
	AnswerLimitRange              string
	AvailableImprovement          bool
	ImprovementReminderTime       string // "HH:MM" Tokyo, "" for none
	ImprovementReminderDaysBefore int
	TargetFacilityIDs             []int64
	Categories                    []Category
	Version                       int64
}

// Category holds questions, in order.
type Category struct {
	ID        int64 // 0 for a new one
	Type      string
	Name      string
	Questions []Question
}

// Question is one thing the customer is asked.
type Question struct {
	ID       int64 // 0 for a new one
	Type     string
	Text     string
	Required bool
	Choices  []string // SINGLE_CHOICE and MULTIPLE_CHOICE
}

// Questions lists every question in order.
func (s Survey) Questions() []Question {
	var out []Question
	for _, c := range s.Categories {
		out = append(out, c.Questions...)
	}
	return out
}

// DefaultCategories are the three categories a new survey starts with.
func DefaultCategories() []Category {
	return []Category{
		{Type: CategoryNPS, Name: "おすすめ度", Questions: []Question{
			{Type: QuestionNPS, Text: "この店舗を友人や知人にすすめる可能性はどのくらいありますか？", Required: true},
		}},
		{Type: CategoryAttribute, Name: "お客様情報", Questions: []Question{
			{Type: QuestionSingle, Text: "年代", Choices: []string{"10代", "20代", "30代", "40代", "50代", "60代以上"}},
			{Type: QuestionSingle, Text: "性別", Choices: []string{"男性", "女性", "回答しない"}},
			{Type: QuestionSingle, Text: "ご来店頻度", Choices: []string{"初めて", "月1回未満", "月1〜3回", "週1回以上"}},
		}},
		{Type: CategoryMail, Name: "メールアドレス", Questions: []Question{
			{Type: QuestionMail, Text: "今後のご案内をお送りしてもよろしければ、メールアドレスをご入力ください。"},
		}},
	}
}

// Defaults is a new survey as the editor first shows it: starting the
// first day of next month (Tokyo), answered once per store and browser.
func Defaults(c clock.Clock) Survey {
	return Survey{
		TermsOfService: DefaultTermsOfService, RewardType: RewardNone,
		Period:      Period{From: FirstOfNextMonth(c)},
		AnswerLimit: LimitOnce, AnswerLimitDays: 0, AnswerLimitRange: RangeFacility,
		AvailableImprovement: true, Categories: DefaultCategories(),
	}
}

var (
	imageType = regexp.MustCompile(`^image/(png|jpeg|gif|webp)$`)
	urlRule   = regexp.MustCompile(`^https?://[^\s]+$`)
)

// form names the fields as the wire does, so errors come back under them.
type form struct {
	Name                 string     `json:"surveyName"`
	Title                string     `json:"surveyTitle"`
	Description          string     `json:"surveyDescription"`
	Terms                string     `json:"termsOfService"`
	IconData             string     `json:"iconData"`
	IconMediaType        string     `json:"iconMediaType"`
	RewardType           string     `json:"rewardType"`
	RewardImageData      string     `json:"rewardImageData"`
	RewardImageMediaType string     `json:"rewardImageMediaType"`
	RewardLinkName       string     `json:"rewardLinkName"`
	RewardURL            string     `json:"rewardUrl"`
	FromDate             time.Time  `json:"fromDate"`
	ToDate               *time.Time `json:"toDate"`
	AnswerLimit          string     `json:"answerLimit"`
	AnswerLimitDays      int        `json:"answerLimitDays"`
	AnswerLimitRange     string     `json:"answerLimitRange"`
	ReminderTime         string     `json:"improvementReminderNotificationTime"`
	ReminderDays         int        `json:"improvementReminderDaysBefore"`
	Categories           []Category `json:"categoryList"`
}

// Validate checks a survey as edited, with docs/product/validation.md messages.
func (s Survey) Validate() error {
	f := form{Name: s.Name, Title: s.Title, Description: s.Description, Terms: s.TermsOfService,
		IconData: s.IconData, IconMediaType: s.IconMediaType, RewardType: s.RewardType,
		RewardImageData: s.RewardImageData, RewardImageMediaType: s.RewardImageMediaType,
		RewardLinkName: s.RewardLinkName, RewardURL: s.RewardURL, FromDate: s.Period.From, ToDate: s.Period.To,
		AnswerLimit: s.AnswerLimit, AnswerLimitDays: s.AnswerLimitDays, AnswerLimitRange: s.AnswerLimitRange,
		ReminderTime: s.ImprovementReminderTime, ReminderDays: s.ImprovementReminderDaysBefore, Categories: s.Categories}
	mediaType := func(data *string) v.Rule {
		return v.By(func(value any) error {
			t, _ := value.(string)
			if (*data != "" || t != "") && !imageType.MatchString(t) {
				return errors.New(msgImageType)
			}
			if *data != "" && imageKind(*data) == "" {
				return errors.New(msgImageType)
			}
			return nil
		})
	}
	return validation.Check(v.ValidateStruct(&f,
		v.Field(&f.Name, validation.Required("アンケート名"), validation.MaxLength("アンケート名", MaxNameLength)),
		v.Field(&f.Title, validation.Required("タイトル"), validation.MaxLength("タイトル", MaxTitleLength)),
		v.Field(&f.Description, validation.MaxLength("説明", MaxDescriptionLength)),
		v.Field(&f.Terms, validation.MaxLength("利用規約", MaxTermsLength)),
		v.Field(&f.IconData, v.By(imageSize("アイコン画像"))),
		v.Field(&f.IconMediaType, mediaType(&f.IconData)),
		v.Field(&f.RewardType, validation.OneOf("特典の種類が正しくありません。", RewardNone, RewardImage, RewardLink)),
		v.Field(&f.RewardImageData, v.By(imageSize("特典画像")), v.By(func(any) error {
			if f.RewardType == RewardImage && f.RewardImageData == "" {
				return errors.New(validation.MsgRequired("特典画像"))
			}
			return nil
		})),
		v.Field(&f.RewardImageMediaType, mediaType(&f.RewardImageData)),
		v.Field(&f.RewardLinkName, validation.MaxLength("リンク名", MaxRewardLinkName), v.By(func(any) error {
			if f.RewardType == RewardLink && f.RewardLinkName == "" {
				return errors.New(validation.MsgRequired("リンク名"))
			}
			return nil
		})),
		v.Field(&f.RewardURL, validation.MaxLength("URL", MaxRewardURL), v.By(func(any) error {
			switch {
			case f.RewardType == RewardLink && f.RewardURL == "":
				return errors.New(validation.MsgRequired("URL"))
			case f.RewardURL != "" && !urlRule.MatchString(f.RewardURL):
				return errors.New("URLはhttp://またはhttps://で始まる形式で入力してください。")
			}
			return nil
		})),
		v.Field(&f.FromDate, validation.Required("開始日")),
		v.Field(&f.ToDate, v.By(func(any) error {
			if f.ToDate != nil && !f.FromDate.IsZero() && f.ToDate.Before(f.FromDate) {
				return errors.New("終了日は開始日以降の日付にしてください。")
			}
			return nil
		})),
		v.Field(&f.AnswerLimit, validation.OneOf("回答制限が正しくありません。", LimitOnce, LimitDays, LimitUnlimited)),
		v.Field(&f.AnswerLimitDays, v.By(func(any) error {
			// Kept while another limit is chosen (the editor remembers it),
			// so it is held to the column's range then too.
			least := int64(0)
			if f.AnswerLimit == LimitDays {
				least = 1
			}
			switch {
			case int64(f.AnswerLimitDays) < least:
				return errors.New(validation.MsgMinValue("回答制限日数", least))
			case f.AnswerLimitDays > MaxAnswerLimitDays:
				return errors.New(validation.MsgMaxValue("回答制限日数", MaxAnswerLimitDays))
			}
			return nil
		})),
		v.Field(&f.AnswerLimitRange, validation.OneOf("回答制限の範囲が正しくありません。", RangeFacility, RangeSurvey)),
		v.Field(&f.ReminderTime, validation.ClockTime),
		v.Field(&f.ReminderDays, v.By(func(any) error {
			if f.ReminderDays < 0 || f.ReminderDays > 31 {
				return errors.New("改善リマインド日数は0から31の間で入力してください。")
			}
			return nil
		})),
		v.Field(&f.Categories, v.By(categoriesRule)),
	))
}

func imageSize(label string) func(any) error {
	return func(value any) error {
		if s, _ := value.(string); len(s) > MaxImageDataLength {
			return fmt.Errorf("%sは500KB以内にしてください。", label)
		}
		return nil
	}
}

// categoriesRule checks the categories: the three defaults first, in order
// and once each, then normal ones; each question fits its category.
func categoriesRule(value any) error {
	cats, _ := value.([]Category)
	if len(cats) < 3 || cats[0].Type != CategoryNPS || cats[1].Type != CategoryAttribute || cats[2].Type != CategoryMail {
		return errors.New("カテゴリはおすすめ度、お客様情報、メールアドレスの順で始めてください。")
	}
	if len(cats) > MaxCategories {
		return fmt.Errorf("カテゴリは%d個以内にしてください。", MaxCategories)
	}
	total := 0
	for i, c := range cats {
		where := fmt.Sprintf("カテゴリ%d", i+1)
		if i >= 3 && c.Type != CategoryNormal {
			return fmt.Errorf("%sの種類が正しくありません。", where)
		}
		if c.Name == "" {
			return fmt.Errorf("%sの名前は必須です", where)
		}
		if len([]rune(c.Name)) > MaxCategoryName {
			return fmt.Errorf("%sの名前は%d文字以内です。", where, MaxCategoryName)
		}
		if i >= 3 && len(c.Questions) == 0 {
			return fmt.Errorf("%sに質問を1つ以上追加してください。", where)
		}
		switch c.Type {
		case CategoryNPS:
			if len(c.Questions) != 1 || c.Questions[0].Type != QuestionNPS {
				return fmt.Errorf("%sにはおすすめ度の質問を1つだけ置いてください。", where)
			}
		case CategoryMail:
			if len(c.Questions) != 1 || c.Questions[0].Type != QuestionMail {
				return fmt.Errorf("%sにはメールアドレスの質問を1つだけ置いてください。", where)
			}
		}
		for j, q := range c.Questions {
			total++
			at := fmt.Sprintf("%sの質問%d", where, j+1)
			if err := questionRule(c.Type, q, at); err != nil {
				return err
			}
		}
	}
	if total > MaxQuestions {
		return fmt.Errorf("質問は%d個以内にしてください。", MaxQuestions)
	}
	return nil
}

func questionRule(catType string, q Question, at string) error {
	switch catType {
	case CategoryAttribute:
		if q.Type != QuestionSingle && q.Type != QuestionMultiple {
			return fmt.Errorf("%sは選択式にしてください。", at)
		}
	case CategoryNormal:
		if q.Type != QuestionSingle && q.Type != QuestionMultiple && q.Type != QuestionRating && q.Type != QuestionFreeText {
			return fmt.Errorf("%sの種類が正しくありません。", at)
		}
	}
	if q.Text == "" {
		return fmt.Errorf("%sの質問文は必須です", at)
	}
	if len([]rune(q.Text)) > MaxQuestionText {
		return fmt.Errorf("%sの質問文は%d文字以内です。", at, MaxQuestionText)
	}
	if q.Type == QuestionSingle || q.Type == QuestionMultiple {
		if len(q.Choices) < 2 || len(q.Choices) > MaxChoices {
			return fmt.Errorf("%sの選択肢は2〜%d個にしてください。", at, MaxChoices)
		}
		seen := map[string]bool{}
		for _, ch := range q.Choices {
			if ch == "" || len([]rune(ch)) > MaxChoiceLength || seen[ch] {
				return fmt.Errorf("%sの選択肢は%d文字以内の異なる名前にしてください。", at, MaxChoiceLength)
			}
			seen[ch] = true
		}
	} else if len(q.Choices) > 0 {
		return fmt.Errorf("%sには選択肢を付けられません。", at)
	}
	return nil
}

// Summary is a survey as the editor's list shows it.
type Summary struct {
	ID         int64
	Name       string
	Title      string
	Period     Period
	Facilities int
	Answers    int
	Version    int64
}

// Link is a target store's answer link.
type Link struct {
	FacilityID   int64
	FacilityName string
	Key          string
}

// Target is what a public key opens: the survey at one store, and whether
// the survey's organization has surveys.
type Target struct {
	Survey          Survey
	Link            Link
	OrgAvailable    bool
	OrgSurveyStarts *time.Time
	// Stamp changes whenever anything above may have: the survey edited or
	// deleted, the key's store untargeted, the organization edited. The
	// answer path keeps a Target in memory and compares its stamp with the
	// database's inside the answer's transaction (Seen.Stamp).
	Stamp string
}

// SeenQuery asks, inside a submission's transaction, what the database
// knows about it.
type SeenQuery struct {
	SurveyID       int64
	IdempotencyKey string
	BrowserToken   string
	FacilityID     *int64 // the limit counts at this store; nil: across the survey
	Key            string // the answer link's key, for the stamp
}

// Admission is a submission entering the answer transaction: it counts
// against its address's rate limit (RateKey), and one browser's submissions
// to one survey take turns.
type Admission struct {
	RateKey      string
	SurveyID     int64
	BrowserToken string
}

// Seen is the answer: the answer the idempotency key already stored (0 if
// none), when the browser last answered (nil if never), the key's current
// Target stamp ("" when the key no longer opens a survey) and the
// organization's improvement report option.
type Seen struct {
	AnswerID   int64
	LastAnswer *time.Time
	Stamp      string
	// Improvements is the organization's improvement report option as the
	// transaction reads it, for the report a dissatisfied answer opens.
	Improvements OrgImprovements
}

// OrgImprovements is the organization's improvement report option: whether
// it uses reports, and in how many days one not tied to a check is due.
type OrgImprovements struct {
	Available bool
	DueDays   int
}

// AnswerPath is where a customer answers, under the SPA's base path.
func AnswerPath(key string) string { return "/home/a/" + key }

const msgImageType = "画像はPNG、JPEG、GIF、WebPのいずれかにしてください。"

// imageKind is the media type an image's first bytes (data, base64) say it
// is, among those a survey shows, or "" for anything else. The type the
// browser declares comes from the file's name, so a text file named
// icon.png would have been stored and shown on every answer page as a
// broken image. Which of the four it is need not match the declared type:
// browsers read an image by its bytes.
func imageKind(data string) string {
	head, err := base64.StdEncoding.DecodeString(data[:min(len(data), 16)])
	if err != nil {
		return ""
	}
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case bytes.HasPrefix(head, []byte("\xff\xd8\xff")):
		return "image/jpeg"
	case bytes.HasPrefix(head, []byte("GIF87a")), bytes.HasPrefix(head, []byte("GIF89a")):
		return "image/gif"
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP":
		return "image/webp"
	}
	return ""
}
