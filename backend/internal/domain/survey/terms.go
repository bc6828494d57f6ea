// Package survey holds customer surveys: their questions, answer limits,
// periods and the NPS arithmetic.
package survey

// DefaultTermsOfService is what a new survey's terms say until the
// organization writes its own.
const DefaultTermsOfService = `本アンケートへのご回答にあたり、以下の事項にご同意ください。

1. ご回答いただいた内容は、サービス品質の向上を目的として、統計的に処理したうえで利用いたします。
2. ご回答内容から個人を特定できる形で第三者に提供することはありません。
3. メールアドレスをご入力いただいた場合は、ご同意いただいた目的の範囲でのみ利用いたします。
4. ご回答は任意です。回答しない項目があっても不利益を受けることはありません。`
