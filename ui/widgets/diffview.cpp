#include "widgets/diffview.h"

#include "diffmodel.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QStyle>

namespace tw::ui {

using model::DiffModel;

DiffView::DiffView(QWidget *parent) : QTableView(parent)
{
    setAccessibleName(tr("Side-by-side comparison"));
    verticalHeader()->hide();
    setShowGrid(false);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setWordWrap(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // long lines wrap instead
    setVerticalScrollMode(QAbstractItemView::ScrollPerPixel); // rows differ in height
    verticalHeader()->setDefaultSectionSize(QFontMetrics(QFontDatabase::systemFont(QFontDatabase::FixedFont)).height() + 2);
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
    m_fitTimer.setSingleShot(true);
    m_fitTimer.setInterval(0);
    connect(&m_fitTimer, &QTimer::timeout, this, &DiffView::fitRowHeights);
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section) {
        if (section == DiffModel::LeftTextColumn || section == DiffModel::RightTextColumn)
            m_fitTimer.start();
    });
}

void DiffView::setDiffModel(model::DiffModel *diffModel)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = diffModel;
    setModel(diffModel);
    QHeaderView *h = horizontalHeader();
    h->setSectionResizeMode(DiffModel::LeftTextColumn, QHeaderView::Stretch);
    h->setSectionResizeMode(DiffModel::RightTextColumn, QHeaderView::Stretch);
    h->setSectionResizeMode(DiffModel::LeftLineColumn, QHeaderView::ResizeToContents);
    h->setSectionResizeMode(DiffModel::RightLineColumn, QHeaderView::ResizeToContents);
    connect(diffModel, &QAbstractItemModel::modelReset, this, &DiffView::measureLines);
    measureLines();
}

void DiffView::measureLines()
{
    m_tallRows.clear(); // a reset gives every row the default height again
    m_leftWidths.clear();
    m_rightWidths.clear();
    if (!m_model)
        return;
    const QFontMetrics fm(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // A tab advances to the next stop (80 px by default in Qt's text layout): count it whole.
    const int tabStop = 80;
    auto width = [&](int row, int column) {
        const QString text = m_model->index(row, column).data().toString();
        return text.isEmpty() ? 0 : fm.horizontalAdvance(text) + int(text.count(u'\t')) * tabStop;
    };
    const int rows = m_model->rowCount();
    m_leftWidths.reserve(rows);
    m_rightWidths.reserve(rows);
    for (int r = 0; r < rows; ++r) {
        m_leftWidths.append(width(r, DiffModel::LeftTextColumn));
        m_rightWidths.append(width(r, DiffModel::RightTextColumn));
    }
    m_fitTimer.start();
}

void DiffView::showEvent(QShowEvent *event)
{
    QTableView::showEvent(event);
    m_fitTimer.start(); // the model may have changed while this tab was hidden
}

void DiffView::fitRowHeights()
{
    // Hidden, the columns have no real width yet: fitted when shown.
    if (!m_model || !isVisible())
        return;
    // The item delegate's text margin on each side.
    const int margins = 2 * (style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, this) + 1);
    const int left = columnWidth(DiffModel::LeftTextColumn) - margins;
    const int right = columnWidth(DiffModel::RightTextColumn) - margins;
    if (left <= 0 || right <= 0)
        return;
    const int lineHeight = verticalHeader()->defaultSectionSize();
    for (int r = 0; r < m_leftWidths.size(); ++r) {
        if (m_leftWidths[r] > left || m_rightWidths[r] > right) {
            resizeRowToContents(r);
            m_tallRows.insert(r);
        } else if (m_tallRows.remove(r)) {
            setRowHeight(r, lineHeight);
        }
    }
}

} // namespace tw::ui
