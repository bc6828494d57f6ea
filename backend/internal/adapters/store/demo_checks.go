package store

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/rouder/console/internal/app/filestore"
	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/checklist"
	"github.com/rouder/console/internal/domain/clock"
	"github.com/rouder/console/internal/domain/photo"
)

// demoCheckLists are デモ株式会社's check lists: a monthly hygiene check
// that started three months ago and a weekly service check, both for
// every store, so the status screens show a history after `make run`.
func demoCheckLists(today time.Time) []checklist.CheckList {
	month := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, clock.Tokyo).AddDate(0, -3, 0)
	monday := today.AddDate(0, 0, -int((today.Weekday()+6)%7)).AddDate(0, 0, -21)
	item := func(q, expl string, scale checklist.Scale, photo, na bool) checklist.Item {
		return checklist.Item{Question: q, Explanation: expl, Scale: scale, PhotoRequired: photo, InapplicableAllowed: na}
	}
	return []checklist.CheckList{
		{
			Name: "月次 店舗衛生点検", First: checklist.Period{From: month, To: month.AddDate(0, 1, -1)},
			Recurrence: checklist.DefaultRecurrence, StartNotificationTime: "09:00", ReminderNotificationTime: "17:00",
			ReminderDaysBefore: 3, AvailableImprovement: true, ImprovementReminderTime: "10:00", ImprovementReminderDaysBefore: 2,
			Categories: []checklist.Category{
				{Name: "店内清掃", Items: []checklist.Item{
					item("床・通路にごみや汚れがないか", "客席・通路・レジ周りを確認", checklist.ScaleCircle, false, false),
					item("トイレは清潔に保たれているか", "便器・床・鏡・消耗品", checklist.ScaleCircle, true, true),
					item("ゴミ箱があふれていないか", "", checklist.ScaleCircle, false, false),
				}},
				{Name: "厨房・バックヤード", Items: []checklist.Item{
					item("冷蔵庫の温度記録がついているか", "1日2回の記録", checklist.ScaleCircle, false, false),
					item("食材の期限切れがないか", "", checklist.ScaleCircle, true, false),
					item("手洗い設備に石けんと消毒液があるか", "", checklist.ScaleCircle, false, false),
				}},
			},
		},
		{
			Name: "週次 接客チェック", First: checklist.Period{From: monday, To: monday.AddDate(0, 0, 6)},
			Recurrence: checklist.Recurrence{Interval: 1, Unit: checklist.Weeks},
			Categories: []checklist.Category{
				{Name: "接客", Items: []checklist.Item{
					item("来店時に笑顔で挨拶しているか", "", checklist.ScaleFive, false, false),
					item("身だしなみは整っているか", "名札・制服", checklist.ScaleFive, false, false),
					item("会計時にお礼を伝えているか", "", checklist.ScaleFive, false, false),
				}},
			},
		},
	}
}

// checks seeds the demo check lists with their periods through today and
// answers: past periods mostly submitted, the current one part-way.
func (s *seeder) checks(ctx context.Context, orgID int64, files filestore.Store) error {
	today := time.Date(s.now.In(clock.Tokyo).Year(), s.now.In(clock.Tokyo).Month(), s.now.In(clock.Tokyo).Day(), 0, 0, 0, 0, clock.Tokyo)
	tn := access.TrustedTenant(orgID)
	facilityIDs, err := s.facilityIDs(ctx, tn)
	if err != nil {
		return err
	}
	var storeUser int64
	_ = s.db.selectIn(ctx, tn, "users", "u").ColumnExpr("u.user_id").Where("u.user_account = 'store001'").Scan(ctx, &storeUser)
	photos, err := s.demoPhotos(ctx, tn, files, 4)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	lists, checks := NewCheckLists(s.db), NewChecks(s.db)
	for _, cl := range demoCheckLists(today) {
		cl.TargetFacilityIDs = facilityIDs
		id, err := lists.Create(ctx, tn, cl, s.now)
		if err != nil {
			return fmt.Errorf("demo check list: %w", err)
		}
		periods, err := cl.Recurrence.PeriodsThrough(cl.First, today, 100)
		if err != nil {
			return err
		}
		for i, p := range periods[1:] {
			if err := checks.AddPeriod(ctx, tn, id, i+2, p, cl.ItemCount()); err != nil {
				return err
			}
		}
		var periodIDs []int64
		if err := s.db.selectIn(ctx, tn, "check_periods", "p").ColumnExpr("p.period_id").Where("p.check_list_id = ?", id).
			OrderExpr("p.seq").Scan(ctx, &periodIDs); err != nil {
			return err
		}
		for pi, periodID := range periodIDs {
			current := pi == len(periodIDs)-1
			for _, fid := range facilityIDs {
				if current && rng.IntN(3) == 0 {
					continue // not started yet
				}
				sh, err := checks.Sheet(ctx, tn, periodID, fid)
				if err != nil {
					return err
				}
				answers := demoAnswers(sh, rng, photos, current)
				at := periods[pi].From.Add(time.Duration(rng.IntN(5*24)+9) * time.Hour)
				if current { // some time between the period's start and now
					since := max(s.now.Sub(periods[pi].From), time.Minute)
					at = s.now.Add(-time.Duration(rng.Int64N(int64(min(since, 48*time.Hour)))))
				}
				submit := !current || len(answers) == len(sh.Items()) && rng.IntN(2) == 0
				if err := checks.Save(ctx, tn, sh, answers, submit && checklist.CheckAnswers(sh.Items(), answers, true) == nil, storeUser, at); err != nil {
					return fmt.Errorf("demo answers: %w", err)
				}
			}
		}
	}
	return nil
}

func demoAnswers(sh checklist.Sheet, rng *rand.Rand, photos []int64, current bool) []checklist.Answer {
	var out []checklist.Answer
	items := sh.Items()
	n := len(items)
	if current {
		n = 1 + rng.IntN(len(items))
	}
	for _, it := range items[:n] {
		a := checklist.Answer{ItemID: it.ID, InputDate: &sh.Period.From}
		switch r := rng.IntN(10); {
		case it.InapplicableAllowed && r == 0:
			a.Inapplicable = true
		case r < 6:
			a.Choice = it.Scale[len(it.Scale)-1].Label // the best (5 or ○ is last/first by scale)
			if it.Scale[0].Score > it.Scale[len(it.Scale)-1].Score {
				a.Choice = it.Scale[0].Label
			}
		default:
			a.Choice = it.Scale[rng.IntN(len(it.Scale))].Label
		}
		if c, ok := it.Scale.Find(a.Choice); ok && c.Bad {
			a.Comment = "次回までに改善します。"
		}
		if it.PhotoRequired && !a.Inapplicable {
			a.PhotoIDs = []int64{photos[rng.IntN(len(photos))]}
		}
		out = append(out, a)
	}
	return out
}

// facilityIDs lists the organization's stores in id order.
func (s *seeder) facilityIDs(ctx context.Context, tn access.Tenant) ([]int64, error) {
	var ids []int64
	err := s.db.selectIn(ctx, tn, "facilities", "f").ColumnExpr("f.facility_id").OrderExpr("f.facility_id").Scan(ctx, &ids)
	return ids, err
}

// demoPhotos stores a few generated pictures (chequered tiles) as photos.
func (s *seeder) demoPhotos(ctx context.Context, tn access.Tenant, files filestore.Store, n int) ([]int64, error) {
	images, err := demoImages()
	if err != nil {
		return nil, err
	}
	repo := NewPhotos(s.db)
	var ids []int64
	for i := range n {
		img := images[i%len(images)]
		key := filestore.OrgKey(tn.Org(), "photos", "demo", strconv.Itoa(i))
		if _, err := files.Put(ctx, key+".jpg", bytes.NewReader(img.full)); err != nil {
			return nil, err
		}
		if _, err := files.Put(ctx, key+"-thumb.jpg", bytes.NewReader(img.thumb)); err != nil {
			return nil, err
		}
		id, err := repo.Create(ctx, tn, photo.Photo{OrganizationID: tn.Org(), StorageKey: key + ".jpg", ThumbnailKey: key + "-thumb.jpg",
			ContentType: photo.JPEG, Bytes: int64(len(img.full) + len(img.thumb)), Width: 480, Height: 360, CreatedAt: s.now})
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

type demoImage struct{ full, thumb []byte }

// demoImages encodes the demo pictures once per process.
var demoImages = sync.OnceValues(func() ([]demoImage, error) {
	tints := []color.RGBA{{46, 125, 50, 255}, {21, 101, 192, 255}, {239, 108, 0, 255}, {123, 31, 162, 255}}
	var out []demoImage
	for _, tint := range tints {
		var full, thumb bytes.Buffer
		if err := jpeg.Encode(&full, tiles(480, 360, 40, tint), &jpeg.Options{Quality: 80}); err != nil {
			return nil, err
		}
		if err := jpeg.Encode(&thumb, tiles(160, 120, 13, tint), &jpeg.Options{Quality: 80}); err != nil {
			return nil, err
		}
		out = append(out, demoImage{full.Bytes(), thumb.Bytes()})
	}
	return out, nil
})

// tiles draws a chequerboard of tint and its darker shade.
func tiles(w, h, size int, tint color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dark := color.RGBA{tint.R / 2, tint.G / 2, tint.B / 2, 255}
	for y := range h {
		for x := range w {
			c := tint
			if (x/size+y/size)%2 == 0 {
				c = dark
			}
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
		}
	}
	return img
}

// closingDays gives the demo organization a working calendar: 年末年始 for
// everyone and 横浜港北店's weekly 定休日 (Wednesday), so reminders visibly
// move in the check-list editor's preview and in what is sent.
func (s *seeder) closingDays(ctx context.Context, orgID int64) error {
	var yokohama int64
	if err := s.db.selectIn(ctx, access.TrustedTenant(orgID), "facilities", "f").ColumnExpr("f.facility_id").
		Where("f.facility_name = ?", "横浜港北店").Scan(ctx, &yokohama); err != nil {
		return fmt.Errorf("demo closing days: %w", err)
	}
	year := s.now.In(clock.Tokyo).Year()
	for _, d := range []time.Time{
		time.Date(year, 12, 31, 0, 0, 0, 0, clock.Tokyo), time.Date(year+1, 1, 1, 0, 0, 0, 0, clock.Tokyo),
		time.Date(year+1, 1, 2, 0, 0, 0, 0, clock.Tokyo), time.Date(year+1, 1, 3, 0, 0, 0, 0, clock.Tokyo),
	} {
		if _, err := s.db.conn(ctx).NewRaw(`INSERT INTO closing_days (organization_id, closed_on, label) VALUES (?, ?, ?)`,
			orgID, civilDate{d}, "年末年始").Exec(ctx); err != nil {
			return fmt.Errorf("demo closing days: %w", err)
		}
	}
	_, err := s.db.conn(ctx).NewRaw(`INSERT INTO closing_days (organization_id, facility_id, weekday, label) VALUES (?, ?, ?, ?)`,
		orgID, yokohama, int(time.Wednesday), "定休日").Exec(ctx)
	return err
}
