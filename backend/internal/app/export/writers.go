package export

import (
	"context"

	"github.com/rouder/console/internal/domain/access"
	"github.com/rouder/console/internal/domain/export"
	"github.com/rouder/console/internal/domain/history"
)

// rowWriter is one history type's columns, count and rows.
type rowWriter struct {
	columns []export.Column
	count   func(ctx context.Context) (int, error)
	rows    func(ctx context.Context, emit func([]any) error) error
}

func (u *UseCases) writerFor(ctx context.Context, tn access.Tenant, r export.Request, idLabel string) (rowWriter, error) {
	src := u.source
	switch r.HistoryType {
	case export.CheckResult:
		groups, err := src.GroupNames(ctx, tn)
		if err != nil {
			return rowWriter{}, err
		}
		return rowWriter{
			columns: export.CheckResultColumns(idLabel),
			count:   func(ctx context.Context) (int, error) { return src.CountCheckResults(ctx, tn, r) },
			rows: func(ctx context.Context, emit func([]any) error) error {
				return src.EachCheckResult(ctx, tn, r, func(row export.CheckResultRow) error {
					return emit(export.CheckResultCells(row, export.GroupNames(row.GroupPath, groups)))
				})
			},
		}, nil
	case export.SurveyAnswer:
		groups, err := src.GroupNames(ctx, tn)
		if err != nil {
			return rowWriter{}, err
		}
		questions, err := src.SurveyQuestions(ctx, tn, *r.SurveyID)
		if err != nil {
			return rowWriter{}, err
		}
		return rowWriter{
			columns: export.SurveyAnswerColumns(idLabel, questions, r.IncludeMailAddress),
			count:   func(ctx context.Context) (int, error) { return src.CountSurveyAnswers(ctx, tn, r) },
			rows: func(ctx context.Context, emit func([]any) error) error {
				return src.EachSurveyAnswer(ctx, tn, r, func(row export.SurveyAnswerRow) error {
					return emit(export.SurveyAnswerCells(row, export.GroupNames(row.GroupPath, groups), questions, r.IncludeMailAddress))
				})
			},
		}, nil
	default:
		return rowWriter{
			columns: export.OperationColumns(),
			count:   func(ctx context.Context) (int, error) { return src.CountOperations(ctx, tn, r) },
			rows: func(ctx context.Context, emit func([]any) error) error {
				return src.EachOperation(ctx, tn, r, func(row export.OperationRow) error {
					row.Operation = history.Kind(row.Operation).Label()
					return emit(export.OperationCells(row))
				})
			},
		}, nil
	}
}
